import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  checkpointSettingsFromEnv,
  EMPTY_EXPORT_RANGE,
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
  type ExportSummary,
} from '@ticketing/audit';
import { PostgresEventStore } from '@ticketing/event-store';
import { UsageError, type CliContext, type ExitCode } from '../cli-context.js';
import { startProgress } from '../../shared/progress.js';

/**
 * Signed checkpoints (see libs/audit/src/checkpoints and the README's audit section): `audit checkpoint`,
 * `audit public-key`, `audit verify-log --checkpoints [--file F | --log-only] [--public-key K]`, `audit export`. Settings come
 * from the environment (AUDIT_SIGNING_KEY, AUDIT_SIGNING_KEY_FILE, AUDIT_CHECKPOINT_FILE), as the API reads them; the
 * default checkpoint file is named after DATABASE_URL's database, which withEventLog (tools/shared/event-log-session.ts)
 * sets to the embedded PostgreSQL's when the tools use that one, as tools/start/start.mjs does for the API.
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

/**
 * `audit public-key`: what a verifier is given to check the signatures. Never makes a key: one made here (a mistyped
 * AUDIT_SIGNING_KEY_FILE) would be handed to verifiers although nothing was signed with it.
 */
export async function publicKeyCommand(context: CliContext): Promise<ExitCode> {
  const signer = await signerOrFail(checkpointSettingsFromEnv(process.env), false);
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
  const named = options.values['--file'];
  if (named !== undefined && !existsSync(named)) throw new Error(`--file ${named}: no such file`);
  const trusted = publicKey ? trustedKeyOf(publicKey) : (await signerOrFail(settings, false, '; or pass --public-key K')).publicKey;
  const fileName = options.flags.has('--log-only') ? undefined : (named ?? (existsSync(settings.checkpointFile) ? settings.checkpointFile : undefined));
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

/**
 * `audit export --from <time|position> --to <time|position> [--out F] [--checkpoint-file F] [--progress]`. Everything
 * the command line names is checked before --out is made (an export of nothing, a missing file), --out is never
 * written over, and a run that fails leaves no --out behind: the retry finds the name free.
 */
export async function exportCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  postgresOnly(context);
  const options = parseOptions(args, ['--from', '--to', '--out', '--checkpoint-file'], ['--progress']);
  if (options.operands.length > 0) throw new UsageError(`usage: audit export --from <time|position> --to <time|position> [--out F] (unexpected ${options.operands[0]})`);
  const bounds = { ...bound('from', options.values['--from']), ...bound('to', options.values['--to']) };
  const outName = options.values['--out'];
  const unwritable = outName === undefined ? null : newFileProblem(outName);
  if (outName !== undefined && unwritable) throw new Error(`--out ${outName}: ${unwritable}`);
  const named = options.values['--checkpoint-file'];
  if (named !== undefined && !existsSync(named)) throw new Error(`--checkpoint-file ${named}: no such file`);
  const settings = checkpointSettingsFromEnv(process.env);
  const signer = await signerOrFail(settings, false);
  const fileName = named ?? (existsSync(settings.checkpointFile) ? settings.checkpointFile : null);
  const out = outName === undefined ? null : new ExportFile(outName);
  const progress = startProgress({ label: 'export', unit: 'events', force: options.flags.has('--progress') });
  let summary: ExportSummary;
  try {
    summary = await exportLog({
      db: context.db,
      signer,
      write: out ? (line) => out.write(line) : (line) => context.out.write(line),
      ...(fileName ? { checkpointFile: fileName } : {}),
      ...bounds,
      onProgress: (done, total) => progress.update(done, total),
    });
    await out?.close();
  } catch (error) {
    await out?.discard();
    if ((error as { code?: unknown }).code === EMPTY_EXPORT_RANGE) throw new UsageError((error as Error).message);
    throw error;
  } finally {
    progress.finish();
  }
  const unsigned =
    summary.unsigned > 0n
      ? `; it ends at the last checkpoint's position: the ${summary.unsigned} later event(s) are not signed yet (\`audit checkpoint\`, then export again; or --to, to take them unproven)`
      : '';
  const text = `exported ${summary.events} event(s), positions ${summary.from}..${summary.to}, with ${summary.checkpoints} checkpoint(s)${fileName ? ` (event hashes from ${fileName})` : ''}${outName ? ` to ${outName}` : ''}${unsigned}\n`;
  // with the export on stdout, the summary must not end up in it
  (out ? context.out : (context.err ?? process.stderr)).write(text);
  return 0;
}

/** Lines are gathered up to this many characters per write: a million-event export is not a million system calls. */
const FLUSH_AT = 1 << 16;

/**
 * The export's --out file: made (`wx`: never over another) when the export writes its first line, once its bounds
 * and checkpoint file were read; removed again by `discard` when the export fails after that.
 */
class ExportFile {
  private handle: FileHandle | null = null;
  private pending = '';

  constructor(private readonly path: string) {}

  async write(line: string): Promise<void> {
    this.handle ??= await createNew(this.path);
    this.pending += line;
    if (this.pending.length >= FLUSH_AT) await this.flush();
  }

  async close(): Promise<void> {
    this.handle ??= await createNew(this.path);
    await this.flush();
    await this.handle.close();
  }

  async discard(): Promise<void> {
    if (!this.handle) return;
    await this.handle.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  private async flush(): Promise<void> {
    const text = this.pending;
    this.pending = '';
    await this.handle!.writeFile(text);
  }
}

/** Why `path` cannot be made as a new file, or null: said before the export starts (open with `wx` still decides). */
function newFileProblem(path: string): string | null {
  if (existsSync(path)) return 'exists already (an export never overwrites a file)';
  if (!existsSync(dirname(resolve(path)))) return `no folder ${dirname(path)}`;
  return null;
}

async function createNew(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOENT' ? newFileProblem(path) : null;
    throw new Error(`--out ${path}: ${why ?? (error as Error).message}`);
  }
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

/**
 * The key that signs, from AUDIT_SIGNING_KEY or the development key file; made there only when `create` (a checkpoint
 * is signed): whoever only reads or hands out the key must not get one nothing was signed with.
 */
async function signerOrFail(settings: CheckpointSettings, create: boolean, instead = ''): Promise<CheckpointSigner> {
  const signer = await loadSigningKey({ configured: settings.signingKey, devKeyFile: settings.signingKeyFile, mayGenerate: settings.mayGenerate }, { create });
  if (signer) return signer;
  throw new Error(
    settings.mayGenerate
      ? `no signing key: AUDIT_SIGNING_KEY is not set, and there is no key file ${settings.signingKeyFile} (AUDIT_SIGNING_KEY_FILE); ` +
          `the first checkpoint makes one there (audit checkpoint, or the API's), or set AUDIT_SIGNING_KEY (openssl genpkey -algorithm ed25519)${instead}`
      : `AUDIT_SIGNING_KEY is not set (with APP_MODE=prod no key is made)${instead}`,
  );
}

/**
 * --public-key: a file holding the key (PEM or base64), else the key itself. Text that is neither key nor file is a
 * path that is not there: said so, rather than read as a key.
 */
function trustedKeyOf(argument: string): KeyObject {
  if (existsSync(argument)) return publicKeyFrom(readFileSync(argument, 'utf8'), `--public-key ${argument}`);
  const text = argument.trim();
  if (!text.startsWith('-----BEGIN') && !/^[A-Za-z0-9+/]{40,}={0,2}$/.test(text)) {
    throw new Error(`--public-key ${argument}: no such file (nor a key: PEM, or base64 of its DER SubjectPublicKeyInfo)`);
  }
  return publicKeyFrom(text, '--public-key');
}

function publicKeyFrom(text: string, source: string): KeyObject {
  try {
    return parsePublicKey(text);
  } catch (error) {
    throw new Error(`${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
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
