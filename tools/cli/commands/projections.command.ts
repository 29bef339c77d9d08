import { pino } from 'pino';
import { pinoProjectionLogger, ProjectionRunner, type Projection } from '@ticketing/projections';
import { json, UsageError, type CliContext, type ExitCode } from '../cli-context.js';

/** `projections list | rebuild <name|--all> | verify <name|--all>` */
export async function projectionsCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [action, target] = args;
  // The CLI runs no loop of its own: `rebuild` replays to the head and returns. Another process's
  // runner may work alongside; the checkpoint lock keeps them from applying anything twice.
  const runner = new ProjectionRunner({
    db: context.db,
    store: context.store,
    projections: context.projections,
    wakeUps: 'polling',
    // Logs go to stderr so that stdout carries only the command's answer.
    logger: context.logger ?? pinoProjectionLogger(pino({ name: 'tools' }, pino.destination({ fd: 2, sync: true }))),
  });
  switch (action) {
    case 'list':
      return list(runner, context);
    case 'rebuild':
      for (const projection of selected(target, context.projections)) {
        const started = performance.now();
        await runner.rebuild(projection.name);
        const [checkpoint] = (await runner.checkpoints()).filter((c) => c.name === projection.name);
        const seconds = (performance.now() - started) / 1000;
        context.out.write(`rebuilt ${projection.name} v${projection.version} to position ${checkpoint?.position ?? 0n} in ${seconds.toFixed(2)} s\n`);
      }
      return 0;
    case 'verify': {
      let exitCode: ExitCode = 0;
      for (const projection of selected(target, context.projections)) {
        const report = await runner.verify(projection.name);
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
