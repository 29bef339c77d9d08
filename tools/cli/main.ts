import { pino } from 'pino';
import { pinoProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { runMain, withEventLog } from '../shared/event-log-session.js';
import { runCli, USAGE } from './run-cli.js';

/** `npm run tools -- <command>`: runs one projections or audit command against the log and exits with its code. */
async function main(): Promise<number> {
  return withEventLog(USAGE, ({ db, store }) => {
    const logger = pinoProjectionLogger(pino({ name: 'tools' }, pino.destination({ fd: 2, sync: true })));
    const ticketCodeSecret = process.env['TICKET_CODE_SECRET'] || null;
    return runCli(process.argv.slice(2), { db, store, projections: allProjections, out: process.stdout, logger, ticketCodeSecret });
  });
}

runMain(main);
