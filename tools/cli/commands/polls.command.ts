import { PollsReadModel } from '@ticketing/catalog/server';
import type { LocalizedText } from '@ticketing/catalog/contracts';
import { pollResults } from '@ticketing/ticketing/server';
import { UsageError, type CliContext, type ExitCode } from '../cli-context.js';

const textOf = (text: LocalizedText) => Object.values(text)[0] ?? '';

/**
 * `polls results <event> <pollId>`: the answers of one attendee poll per option, from the read models the running
 * API keeps (catalog_polls for the poll, ticketing_poll_results for the counts; one vote per ticket, its latest).
 */
export async function pollsCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [action, eventShortName, pollText] = args;
  if (action !== 'results') throw new UsageError(`unknown polls command: ${action ?? '(none)'}`);
  const pollId = Number(pollText);
  if (!eventShortName || !/^\d{1,9}$/.test(pollText ?? '')) throw new UsageError('usage: polls results <event> <pollId>');
  const polls = await new PollsReadModel(context.db).pollsOf(eventShortName);
  const poll = polls?.polls.find((p) => p.id === pollId);
  if (!polls || !poll) {
    (context.err ?? process.stderr).write(polls ? `event ${eventShortName} has no poll ${pollId}\n` : `event ${eventShortName} not found\n`);
    return 1;
  }
  const votes = await pollResults(context.db, eventShortName, pollId);
  const lines = poll.options.map((o) => ({ id: String(o.id), title: textOf(o.title), votes: votes.get(o.id) ?? 0 }));
  const idWidth = Math.max(2, ...lines.map((l) => l.id.length));
  const titleWidth = Math.max(6, ...lines.map((l) => l.title.length));
  const total = lines.reduce((sum, l) => sum + l.votes, 0);
  context.out.write(`poll ${pollId} of ${eventShortName} (${poll.status}): ${textOf(poll.title)}\n`);
  context.out.write(`${'id'.padStart(idWidth)}  ${'option'.padEnd(titleWidth)}  votes\n`);
  for (const l of lines) context.out.write(`${l.id.padStart(idWidth)}  ${l.title.padEnd(titleWidth)}  ${String(l.votes).padStart(5)}\n`);
  context.out.write(`${total} answer${total === 1 ? '' : 's'}\n`);
  return 0;
}
