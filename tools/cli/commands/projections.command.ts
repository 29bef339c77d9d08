import { pino } from 'pino';
import { pinoProjectionLogger, ProjectionRunner, type Projection } from '@ticketing/projections';
import { json, UsageError, type CliContext, type ExitCode } from '../cli-context.js';
import { startProgress, type ProgressStream } from '../../shared/progress.js';

/** `projections list | rebuild <name|--all> | verify <name|--all>`, the last two with `[--page N] [--progress]`. */
export async function projectionsCommand(args: readonly string[], context: CliContext & { readonly progressStream?: ProgressStream }): Promise<ExitCode> {
  const [action, target] = args;
  const page = pageOption(args);
  const forceProgress = args.includes('--progress');
  const progressStream = context.progressStream ?? process.stderr;
  // The CLI runs no loop of its own: `rebuild` replays to the head and returns. Another process's
  // runner may work alongside; the checkpoint lock keeps them from applying anything twice.
  const runner = new ProjectionRunner({
    db: context.db,
    store: context.store,
    projections: context.projections,
    wakeUps: 'polling',
    ...(page ? { replayPageSize: page } : {}),
    // Logs go to stderr so that stdout carries only the command's answer.
    logger: context.logger ?? pinoProjectionLogger(pino({ name: 'tools' }, pino.destination({ fd: 2, sync: true }))),
  });
  switch (action) {
    case 'list':
      return list(runner, context);
    case 'rebuild': {
      // every selected read model in one pass over the log: each page goes to all of them in one transaction
      const projections = selected(target, context.projections);
      const head = await context.store.headPosition();
      const bar = startProgress({
        label: `rebuild ${projections.length === 1 ? projections[0]!.name : `${projections.length} read models`}`,
        unit: 'events',
        stream: progressStream,
        force: forceProgress,
      });
      const started = performance.now();
      await runner.rebuild(
        projections.map((p) => p.name),
        ({ position }) => bar.update(Number(position), Number(head)),
      );
      bar.finish();
      const seconds = (performance.now() - started) / 1000;
      const checkpoints = new Map((await runner.checkpoints()).map((c) => [c.name, c.position]));
      for (const projection of projections) {
        context.out.write(`rebuilt ${projection.name} v${projection.version} to position ${checkpoints.get(projection.name) ?? 0n}
`);
      }
      context.out.write(`${projections.length} read model(s), ${head} events in ${seconds.toFixed(2)} s (${Math.round(Number(head) / Math.max(seconds, 1e-3))} events/s)
`);
      return 0;
    }
    case 'verify': {
      let exitCode: ExitCode = 0;
      const head = Number(await context.store.headPosition());
      for (const projection of selected(target, context.projections)) {
        const bar = startProgress({ label: `verify ${projection.name}`, unit: 'events', stream: progressStream, force: forceProgress });
        const report = await runner.verify(projection.name, ({ position }) => bar.update(Number(position), head));
        bar.finish();
        const verdict = report.problem ? `CANNOT VERIFY: ${report.problem}` : report.ok ? 'OK' : 'DIFFERENT';
        context.out.write(`${projection.name}: ${verdict} at position ${report.position}\n`);
        for (const difference of report.differences) {
          context.out.write(`  ${difference.table}: ${difference.missingInLive} row(s) missing in live, ${difference.unexpectedInLive} unexpected in live\n`);
          for (const sample of difference.samples) context.out.write(`    ${sample.side}: ${json(sample.row)}\n`);
        }
        if (!report.ok) exitCode = 1;
      }
      return exitCode;
    }
    default:
      throw new UsageError(`unknown projections command: ${action ?? '(none)'}`);
  }
}

/** `--page N`: events per page (and per transaction) of a replay. */
function pageOption(args: readonly string[]): number | undefined {
  const at = args.indexOf('--page');
  if (at === -1) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new UsageError('--page takes a positive number of events');
  return value;
}

function selected(target: string | undefined, projections: readonly Projection[]): readonly Projection[] {
  if (target === '--all') return projections;
  const projection = projections.find((p) => p.name === target);
  if (!projection) throw new UsageError(`name a projection or --all (known: ${projections.map((p) => p.name).join(', ')})`);
  return [projection];
}

async function list(runner: ProjectionRunner, context: CliContext): Promise<ExitCode> {
  const head = await context.store.headPosition();
  const checkpoints = new Map((await runner.checkpoints()).map((c) => [c.name, c]));
  const rows = [['NAME', 'VERSION', 'TABLES', 'POSITION', 'LAG', 'UPDATED', 'ERROR']];
  for (const projection of context.projections) {
    const c = checkpoints.get(projection.name);
    rows.push([
      projection.name,
      String(projection.version),
      c ? `v${c.version}` : 'never run',
      c ? String(c.position) : '-',
      c ? String(head > c.position ? head - c.position : 0n) : '-',
      c ? c.updatedAt.toISOString() : '-',
      c?.lastError ?? '',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) context.out.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
  context.out.write(`head position ${head}\n`);
  return 0;
}
