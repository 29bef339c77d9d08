import { randomIds } from '@ticketing/kernel';
import { runMain, withEventLog } from '../shared/event-log-session.js';
import { CATALOG_USAGE, runCatalogCli } from './run-catalog-cli.js';

/** `npm run catalog -- import <file>`: runs one catalog command against the log and exits with its code. */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(CATALOG_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  // npm runs scripts from the repository root; INIT_CWD is where the user typed the command.
  const cwd = process.env['INIT_CWD'] || process.cwd();
  return withEventLog(CATALOG_USAGE, ({ store }) =>
    runCatalogCli(argv, { store, out: process.stdout, clock: { now: () => new Date() }, ids: randomIds, cwd }),
  );
}

runMain(main);
