import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import {
  checkpointSettingsFromEnv,
  exportLog,
  loadSigningKey,
  makeCheckpoint,
  parsePublicKey,
  readCheckpointFile,
  readCheckpointLineAt,
  verifyCheckpoints,
  type CheckpointProblem,
  type CheckpointSettings,
  type CheckpointSigner,
  type ExportBound,
} from '@ticketing/audit';
import { PostgresEventStore } from '@ticketing/event-store';
import { UsageError, type CliContext, type ExitCode } from '../cli-context.js';
import { startProgress } from '../../shared/progress.js';

/**
 * Signed checkpoints (see libs/audit/src/checkpoints and the README's audit section): `audit checkpoint`,
 * `audit public-key`, `audit verify-log --checkpoints [--file F | --log-only] [--public-key K]`, `audit export`. Settings come
 * from the environment (AUDIT_SIGNING_KEY, AUDIT_SIGNING_KEY_FILE, AUDIT_CHECKPOINT_FILE), as the API reads them.
 */

/** `audit checkpoint`: signs the log as it stands now, appends the checkpoint to the log and the file. */
export async function checkpointCommand(context: CliContext): Promise<ExitCode> {
  postgresOnly(context);
  const settings = checkpointSettingsFromEnv(process.env);
  const signer = await signerOrFail(settings, true);
  const made = await makeCheckpoint({ db: context.db, store: context.store, signer, file: settings.checkpointFile, actor: 'operator:cli' });
  const { checkpoint } = made!;
  context.out.write(
    `checkpoint at position ${checkpoint.position} (${checkpoint.streams} stream(s), heads root ${checkpoint.headsRoot}, log hash ${checkpoint.logHash}) ` +
      `signed with key ${checkpoint.keyId}; appended to the log at position ${made!.eventPosition} and to ${made!.file}\n`,
  );
  return 0;
}

/** `audit public-key`: what a verifier is given to check the signatures. */
export async function publicKeyCommand(context: CliContext): Promise<ExitCode> {
  const signer = await signerOrFail(checkpointSettingsFromEnv(process.env), true);
  context.out.write(`key id ${signer.keyId}\nbase64 (DER SubjectPublicKeyInfo): ${signer.publicKeyBase64}\n${signer.publicKey.export({ type: 'spki', format: 'pem' }).toString()}`);
  return 0;
}

/**
 * `audit verify-log --checkpoints`: the chains as plain verify-log checks them (`chains`), then every checkpoint
 * recomputed from the log. The checkpoint file (--file, else AUDIT_CHECKPOINT_FILE when it exists) is read too: its
 * checkpoints are compared with the log's and checked as well, and its event hashes name a rewritten event; the
 * file is the copy an intruder in the database cannot reach, so without it (--log-only) only the log's own
 * checkpoints are checked. No checkpoint at all fails: nothing signed was checked.
 */
export async function verifyLogWithCheckpoints(args: readonly string[], context: CliContext, chains: () => Promise<ExitCode>): Promise<ExitCode> {
  postgresOnly(context);
  const options = parseOptions(args, ['--file', '--public-key'], ['--checkpoints', '--log-only', '--progress']);
  const usage = 'usage: audit verify-log --checkpoints [--file F | --log-only] [--public-key K] [--progress] (the whole log: no stream id)';
  if (options.operands.length > 0) throw new UsageError(usage);
  if (options.flags.has('--log-only') && options.values['--file']) throw new UsageError(`${usage}: --file and --log-only exclude each other`);
  const settings = checkpointSettingsFromEnv(process.env);
  const publicKey = options.values['--public-key'];
  const trusted = publicKey ? parsePublicKey(existsSync(publicKey) ? readFileSync(publicKey, 'utf8') : publicKey) : (await signerOrFail(settings, false)).publicKey;
  const fileName = options.flags.has('--log-only') ? undefined : (options.values['--file'] ?? (existsSync(settings.checkpointFile) ? settings.checkpointFile : undefined));
  const file = fileName ? await readCheckpointFile(fileName, { eventHashes: false }) : undefined;

  const chainsCode = await chains();
  const progress = startProgress({ label: 'verify-log --checkpoints', unit: 'positions', force: options.flags.has('--progress') });
  const result = await verifyCheckpoints({
    db: context.db,
    publicKey: trusted,
    ...(file && fileName ? { file, eventHashesAt: (position: string) => readCheckpointLineAt(fileName, position) } : {}),
    onProgress: (at, end) => progress.update(Number(at), Number(end)),
  });
  progress.finish();
  for (const problem of result.problems) context.out.write(describeProblem(problem));
  const source = fileName ? `the file ${fileName} and the log` : options.flags.has('--log-only') ? 'the log' : `the log (no checkpoint file at ${settings.checkpointFile})`;
  if (result.checkpoints === 0) {
    context.out.write(`checkpoints NOT VERIFIED: no checkpoint in ${source} (none signed yet, or removed): make one with audit checkpoint\n`);
    return 1;
  }
  context.out.write(
    `checkpoints ${result.ok ? 'intact' : 'BROKEN'}: ${result.checkpoints} checkpoint(s) from ${source}, ${result.eventsRead} event(s) recomputed, ${result.problems.length} problem(s)\n`,
  );
  return result.ok && chainsCode === 0 ? 0 : 1;
}

function describeProblem(p: CheckpointProblem): string {
  const at = p.checkpoint === null ? 'checkpoint' : `checkpoint at position ${p.checkpoint}`;
  const event = p.event
    ? p.event.revision < 0
      ? `\n    first event that disagrees: position ${p.event.position} (signed, no longer in the log)`
      : `\n    first event that disagrees: ${p.event.streamId}@${p.event.revision} (position ${p.event.position})`
    : '';
  return `${p.kind} ${at}: ${p.detail}${event}\n`;
}

/** `audit export --from <time|position> --to <time|position> [--out F] [--checkpoint-file F] [--progress]` */
export async function exportCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  postgresOnly(context);
  const options = parseOptions(args, ['--from', '--to', '--out', '--checkpoint-file'], ['--progress']);
  if (options.operands.length > 0) throw new UsageError(`usage: audit export --from <time|position> --to <time|position> [--out F] (unexpected ${options.operands[0]})`);
  const settings = checkpointSettingsFromEnv(process.env);
  const signer = await signerOrFail(settings, false);
  const fileName = options.values['--checkpoint-file'] ?? (existsSync(settings.checkpointFile) ? settings.checkpointFile : null);
  const outName = options.values['--out'];
  const out = outName ? createWriteStream(outName, { flags: 'wx' }) : null;
  const write = out
    ? async (line: string) => {
        if (!out.write(line)) await once(out, 'drain');
      }
    : (line: string) => context.out.write(line);
  const progress = startProgress({ label: 'export', unit: 'events', force: options.flags.has('--progress') });
  try {
    const summary = await exportLog({
      db: context.db,
      signer,
      write,
      ...(fileName ? { checkpointFile: fileName } : {}),
      ...bound('from', options.values['--from']),
      ...bound('to', options.values['--to']),
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.finish();
    const text = `exported ${summary.events} event(s), positions ${summary.from}..${summary.to}, with ${summary.checkpoints} checkpoint(s)${fileName ? ` (event hashes from ${fileName})` : ''}${outName ? ` to ${outName}` : ''}\n`;
    // with the export on stdout, the summary must not end up in it
    if (out) context.out.write(text);
    else process.stderr.write(text);
  } finally {
    if (out) {
      out.end();
      await once(out, 'close');
    }
  }
  return 0;
}

function bound(side: 'from' | 'to', text: string | undefined): { from?: ExportBound; to?: ExportBound } {
  if (text === undefined) return {};
  if (/^\d+$/.test(text)) return { [side]: { position: BigInt(text) } };
  if (Number.isNaN(Date.parse(text))) throw new UsageError(`--${side}: a position (digits) or a time (ISO 8601), not ${text}`);
  return { [side]: { time: new Date(text).toISOString() } };
}

/** Checkpoints read the PostgreSQL log's tables (positions, log chain): not there with EVENTSTORE_URL (KurrentDB). */
function postgresOnly(context: CliContext): void {
  if (!(context.store instanceof PostgresEventStore)) throw new Error('signed checkpoints and exports need the PostgreSQL log (unset EVENTSTORE_URL)');
}

async function signerOrFail(settings: CheckpointSettings, create: boolean): Promise<CheckpointSigner> {
  const signer = await loadSigningKey({ configured: settings.signingKey, devKeyFile: settings.signingKeyFile, mayGenerate: settings.mayGenerate }, { create });
  if (signer) return signer;
  throw new Error(
    settings.mayGenerate
      ? `no signing key yet: set AUDIT_SIGNING_KEY, or make a checkpoint first (a key is made in ${settings.signingKeyFile}); or pass --public-key`
      : 'AUDIT_SIGNING_KEY is not set (with APP_MODE=prod no key is made)',
  );
}

interface ParsedOptions {
  readonly operands: readonly string[];
  readonly values: Readonly<Record<string, string>>;
  readonly flags: ReadonlySet<string>;
}

function parseOptions(args: readonly string[], withValue: readonly string[], flags: readonly string[]): ParsedOptions {
  const operands: string[] = [];
  const values: Record<string, string> = {};
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (withValue.includes(arg)) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      values[arg] = value;
    } else if (flags.includes(arg)) seen.add(arg);
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else operands.push(arg);
  }
  return { operands, values, flags: seen };
}
