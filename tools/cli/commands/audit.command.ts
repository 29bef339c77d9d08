import { historyOf, type HistoryEntry } from '@ticketing/audit';
import { randomUUID } from 'node:crypto';
import { FORGOTTEN_SUBJECTS_STREAM, LOG_STREAM_ID, SUBJECT_FORGOTTEN, type ChainProblem, type SubjectForgottenData } from '@ticketing/event-store';
import { provenance } from '@ticketing/kernel';
import { json, UsageError, type CliContext, type ExitCode } from '../cli-context.js';
import { startProgress } from '../../shared/progress.js';
import { checkpointCommand, exportCommand, publicKeyCommand, verifyLogWithCheckpoints } from './audit-checkpoints.command.js';
import { auditStoryCommand } from './audit-story.command.js';

/**
 * `audit history <streamId> [--json] | order|ticket|subscription <id> [--json] | verify-log [streamId] | forget-subject <subjectId>`;
 * checkpoints and export in audit-checkpoints.command.ts, an order's story in audit-story.command.ts
 */
export async function auditCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [action, ...rest] = args;
  const operands = rest.filter((a) => !a.startsWith('--'));
  switch (action) {
    case 'history': {
      const streamId = required(operands[0], 'audit history <streamId>');
      const history = await historyOf(context.store, streamId);
      if (history.length === 0) {
        (context.err ?? process.stderr).write(`no events in stream ${streamId}\n`);
        return 1;
      }
      for (const entry of history) context.out.write(rest.includes('--json') ? `${json(entry)}\n` : describe(entry));
      return 0;
    }
    case 'verify-log': {
      if (rest.includes('--checkpoints')) return verifyLogWithCheckpoints(rest, context, () => auditCommand(['verify-log', ...rest.filter((a) => a === '--progress')], context));
      const progress = startProgress({ label: 'verify-log', unit: 'events', force: rest.includes('--progress') });
      const result = await context.store.verify(operands[0], { onProgress: (done, total) => progress.update(done, total) });
      progress.finish();
      if (operands[0] && result.ok && result.streamsChecked === 0) {
        (context.err ?? process.stderr).write(`no stream ${operands[0]} in the log: nothing verified (a stream removed with its head shows in the whole log's check, audit verify-log)\n`);
        return 1;
      }
      for (const p of result.problems) context.out.write(`${p.kind} ${where(p)}: ${p.detail}\n`);
      const scope = operands[0] ? `stream ${operands[0]}` : 'log';
      context.out.write(`${scope} ${result.ok ? 'intact' : 'BROKEN'}: ${result.streamsChecked} stream(s), ${result.eventsChecked} event(s), ${result.problems.length} problem(s)\n`);
      return result.ok ? 0 : 1;
    }
    case 'order':
    case 'ticket':
    case 'subscription':
      return auditStoryCommand(action, rest, context);
    case 'forget-subject': {
      const subjectId = required(operands[0], 'audit forget-subject <subjectId>');
      if (!(await context.store.forgetSubject(subjectId))) {
        (context.err ?? process.stderr).write(`no key for subject ${subjectId}: nothing was erased (a mistyped id, a subject forgotten before, or one that never had personal data)\n`);
        return 1;
      }
      // the read models drop what they had decrypted of it when they apply this (the running API's, too)
      const id = randomUUID();
      try {
        await context.store.append(FORGOTTEN_SUBJECTS_STREAM, [{ id, type: SUBJECT_FORGOTTEN, data: { subjectId } satisfies SubjectForgottenData, metadata: provenance(id, 'operator:cli', new Date()) }]);
      } catch (error) {
        (context.err ?? process.stderr).write(
          `forgot subject ${subjectId}, but telling the read models failed (${error instanceof Error ? error.message : String(error)}): ` +
            'they keep what they had decrypted of it until `projections rebuild --all`\n',
        );
        return 1;
      }
      context.out.write(`forgot subject ${subjectId}: its personal data now reads as erased, in the log and the read models; the events and their chain stay\n`);
      return 0;
    }
    case 'checkpoint':
      return checkpointCommand(context);
    case 'public-key':
      return publicKeyCommand(context);
    case 'export':
      return exportCommand(rest, context);
    default:
      throw new UsageError(`unknown audit command: ${action ?? '(none)'}`);
  }
}

/** A stream's event, the same with its place in the log when the log chain found it, or a place in the log alone (a gap). */
function where(p: ChainProblem): string {
  if (p.streamId === LOG_STREAM_ID) return `log at position ${p.position ?? '?'}`;
  return p.position === undefined ? `${p.streamId}@${p.revision}` : `${p.streamId}@${p.revision} (position ${p.position})`;
}

function required(value: string | undefined, usage: string): string {
  if (!value) throw new UsageError(`usage: ${usage}`);
  return value;
}

function describe(e: HistoryEntry): string {
  const personal = e.personal ? `\n    personal (${e.personal.subjectId}): ${json(e.personal.data)}` : '';
  return (
    `#${e.revision} ${e.type}  position ${e.position}  recorded ${e.recordedAt}  occurred ${e.occurredAt}\n` +
    `    actor ${e.actor}  correlation ${e.correlationId}  causation ${e.causationId}\n` +
    `    data: ${json(e.data)}${personal}\n`
  );
}
