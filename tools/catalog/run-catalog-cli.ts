import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { EventStore, GlobalPosition } from '@ticketing/event-store';
import type { Clock, IdGenerator } from '@ticketing/kernel';
import { fileSystemImages, formatIssue, formatOfFileName, formatReport, ImportCatalogService, parseCatalogText } from '@ticketing/catalog/server';
import { startProgress, type ProgressStream } from '../shared/progress.js';

export const CATALOG_USAGE = `usage: catalog <command> <file> [--progress]
  validate <file.yaml|file.json>   check the whole catalog and show what an import would append (nothing is written)
  import <file.yaml|file.json>     append what changed; the whole file is refused when anything is invalid

Both show progress with rate and ETA on stderr (entries checked) on a terminal, or with --progress anywhere.

Exit code 0 when the catalog is valid (and imported), 1 on errors, 2 on a wrong command line.
Schema and example: tools/catalog/README.md, tools/catalog/example.catalog.yaml.
`;

export interface CatalogCliDeps {
  readonly store: EventStore;
  readonly out: { write(text: string): void };
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The CLI runs no projections: the API's catch up on their own, so main passes a no-op. */
  readonly waitForProjections?: (position: GlobalPosition) => Promise<void>;
  /** Where relative paths are resolved from (default: the process's working directory). */
  readonly cwd?: string;
  /** Where the progress line goes (default: process.stderr), timed by `clock`. */
  readonly progressStream?: ProgressStream;
}

/** Runs one command line (without `node main.js`) and returns the exit code; never exits the process itself. */
export async function runCatalogCli(argv: readonly string[], deps: CatalogCliDeps): Promise<0 | 1 | 2> {
  const forceProgress = argv.includes('--progress');
  const [command, path, ...extra] = argv.filter((arg) => arg !== '--progress');
  if (command === 'help' || command === '--help') {
    deps.out.write(CATALOG_USAGE);
    return 0;
  }
  if ((command !== 'import' && command !== 'validate') || path === undefined || extra.length > 0) {
    deps.out.write(`${command === undefined ? '' : `cannot run: ${argv.join(' ')}\n\n`}${CATALOG_USAGE}`);
    return 2;
  }
  const format = formatOfFileName(path);
  if (!format) {
    deps.out.write(`${path}: the file name must end in .yaml, .yml or .json\n`);
    return 2;
  }
  const fullPath = resolve(deps.cwd ?? process.cwd(), path);
  let text: string;
  try {
    text = await readFile(fullPath, 'utf8');
  } catch (error) {
    deps.out.write(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})\n`);
    return 1;
  }
  const parsed = parseCatalogText(text, format);
  if (!parsed.ok) {
    deps.out.write(`${parsed.issues.map((issue) => `error ${formatIssue(issue)}`).join('\n')}\nnothing was imported\n`);
    return 1;
  }
  const service = new ImportCatalogService({
    store: deps.store,
    waitForProjections: deps.waitForProjections ?? (async () => undefined),
    clock: deps.clock,
    ids: deps.ids,
  });
  const progress = startProgress({
    label: `catalog ${command}`,
    unit: 'entries',
    force: forceProgress,
    ...(deps.progressStream ? { stream: deps.progressStream } : {}),
    now: () => deps.clock.now().getTime(),
  });
  const options = { actor: 'system:catalog-cli', images: fileSystemImages(dirname(fullPath)), onProgress: (done: number, total: number) => progress.update(done, total) };
  const report = command === 'import' ? await service.import(parsed.file, options) : await service.validate(parsed.file, options);
  progress.finish();
  deps.out.write(formatReport(report));
  return report.ok ? 0 : 1;
}
