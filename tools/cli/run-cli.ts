import { auditCommand } from './commands/audit.command.js';
import { pollsCommand } from './commands/polls.command.js';
import { projectionsCommand } from './commands/projections.command.js';
import { reservationsCommand } from './commands/reservations.command.js';
import { ticketsCommand } from './commands/tickets.command.js';
import { UsageError, type CliContext, type ExitCode } from './cli-context.js';
import { AUDIT_STORY_USAGE } from './commands/audit-story.command.js';

export const USAGE = `usage: tools <command>
  projections list                        checkpoints, versions and lag of every read model
  projections rebuild <name|--all>        drop the tables and replay the whole log into them (once for all of them)
  projections verify <name|--all>         rebuild in a scratch schema and compare with the live rows (exit 1 on a difference)
      both take [--page N] (events per page and transaction, default 10000) and [--progress] (the bar on stderr
      also when it is no terminal)
  audit history <streamId> [--json]       every event of one stream, with who, when and why
${AUDIT_STORY_USAGE.trimEnd()}
  audit verify-log [streamId]             recompute the hash chains of one stream, or of every stream and the log (exit 1 when broken)
  audit forget-subject <subjectId>        erase one subject's personal data (its key is destroyed)
  audit checkpoint                        sign the log as it stands (Ed25519): appended to the log and to AUDIT_CHECKPOINT_FILE
  audit public-key                        the key that checks the checkpoints' signatures
  audit verify-log --checkpoints [--file F | --log-only] [--public-key K] [--progress]
                                          also recompute every checkpoint from the log and the checkpoint file
                                          (--file, else AUDIT_CHECKPOINT_FILE when it exists; exit 1 when one
                                          disagrees, when the file holds one the log lost, or when there is none)
  audit export [--from <time|position>] [--to <time|position>] [--out F] [--checkpoint-file F] [--progress]
                                          events, hashes and checkpoints as JSON lines for tools/verify-export
  reservations confirm-payment <id>       a bank transfer arrived: complete the order and issue its tickets or pass
  polls results <event> <pollId>          the answers of an attendee poll per option (one vote per ticket, its latest)
  tickets check-in <event> <code>         the door: check in the ticket of a scanned QR code and print its poll PIN
                                          (exit 1 when refused: wrong or old code, another event's ticket, price owed)
`;

/**
 * Runs one command line (without `node main.ts`) and returns the exit code; never exits the process itself. Errors
 * go to `err` (process.stderr unless given: main's `out` is stdout, and `audit order X --json > story.json` must
 * not put an error in the file); `help` is output like any other.
 */
export async function runCli(argv: readonly string[], context: CliContext): Promise<ExitCode> {
  const err = context.err ?? process.stderr;
  const [group, ...args] = argv;
  try {
    switch (group) {
      case 'projections':
        return await projectionsCommand(args, context);
      case 'audit':
        return await auditCommand(args, context);
      case 'reservations':
        return await reservationsCommand(args, context);
      case 'polls':
        return await pollsCommand(args, context);
      case 'tickets':
        return await ticketsCommand(args, context);
      case 'help':
      case '--help':
        context.out.write(USAGE);
        return 0;
      case undefined:
        err.write(USAGE);
        return 2;
      default:
        throw new UsageError(`unknown command: ${group}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    err.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
