import { constants, createReadStream } from 'node:fs';
import { access, appendFile, mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { toSignedCheckpoint, type SignedCheckpoint } from './checkpoint.js';

/**
 * One line of the checkpoint file: the signed checkpoint as the log has it, plus the hash of every event since the
 * checkpoint before it (`after`, exclusive) up to its own position, as `[position, hash]` pairs. The signature does
 * not cover the pairs; they let a verifier name the event that was rewritten, where the signed root alone only says
 * that one of that window was. Omitted (with `eventHashesOmitted`, their number) past MAX_EVENT_HASHES.
 */
export interface CheckpointFileLine extends SignedCheckpoint {
  readonly after: string;
  readonly eventHashes?: readonly (readonly [string, string])[];
  readonly eventHashesOmitted?: number;
  /** Written after a failed write, from the log (appendMissingLines): when its event hashes were read. */
  readonly copiedLateAt?: string;
}

/** About 80 bytes each: a window of a million events makes an 80 MB line, which is where this stops. */
export const MAX_EVENT_HASHES = 1_000_000;

/**
 * Fails unless this process can append to the file: opens it to append where it exists, else checks that it can be
 * made in its directory (made when missing). No empty file is left behind: every start of the API checks.
 */
export async function openCheckpointFile(file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  try {
    await (await open(file, 'r+')).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await access(dirname(file), constants.W_OK | constants.X_OK);
  }
}

/** Appends one line (one write call, O_APPEND: lines of two processes do not interleave). */
export async function appendCheckpointLine(file: string, line: CheckpointFileLine): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o644 });
}

/**
 * Every line of the file, in file order; a line that is not a checkpoint fails with its line number. With
 * `eventHashes: false` the lines come without their event hashes (a long log's file holds one per event): ask
 * readCheckpointLineAt for the one line that needs them. A function keeps the hashes of the lines it accepts.
 */
export async function readCheckpointFile(file: string, options: { readonly eventHashes?: boolean | ((line: CheckpointFileLine) => boolean) } = {}): Promise<CheckpointFileLine[]> {
  const lines: CheckpointFileLine[] = [];
  const keep = options.eventHashes ?? true;
  for await (const line of checkpointLines(file)) {
    if (keep === false || (typeof keep === 'function' && !keep(line))) {
      const { eventHashes: _dropped, ...rest } = line;
      lines.push(rest);
    } else {
      lines.push(line);
    }
  }
  return lines;
}

/** The file's line of the checkpoint at `position` (the first one, should there be two), with its event hashes. */
export async function readCheckpointLineAt(file: string, position: string): Promise<CheckpointFileLine | undefined> {
  for await (const line of checkpointLines(file)) if (line.position === position) return line;
  return undefined;
}

/**
 * The position of the file's last line, 0 when the file is missing or empty. Read back from the end: the file holds
 * a hash per event of the log, the last line alone may be long.
 */
export async function lastLinePosition(file: string): Promise<bigint> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0n;
    throw error;
  }
  try {
    const chunks: Buffer[] = [];
    let end = (await handle.stat()).size;
    let found = false;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_CHUNK);
      const chunk = Buffer.alloc(end - start);
      await handle.read(chunk, 0, chunk.length, start);
      end = start;
      let stop = chunk.length;
      if (!found) {
        while (stop > 0 && BLANK.has(chunk[stop - 1]!)) stop--;
        if (stop === 0) continue;
        found = true;
      }
      const newline = chunk.subarray(0, stop).lastIndexOf(0x0a);
      chunks.unshift(chunk.subarray(newline + 1, stop));
      if (newline >= 0) break;
    }
    if (!found) return 0n;
    try {
      return BigInt(toSignedCheckpoint(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>).position);
    } catch (error) {
      throw new Error(`${file}: its last line is not a checkpoint (cut short?): ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    await handle.close();
  }
}

const TAIL_CHUNK = 64 * 1024;
const BLANK = new Set([0x09, 0x0a, 0x0d, 0x20]);

async function* checkpointLines(file: string): AsyncGenerator<CheckpointFileLine> {
  const reader = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const text of reader) {
    number++;
    if (text.trim() === '') continue;
    let line: CheckpointFileLine;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      const hashes = value['eventHashes'] as [string, string][] | undefined;
      const omitted = value['eventHashesOmitted'] as number | undefined;
      line = { ...toSignedCheckpoint(value), after: String(value['after'] ?? '0'), ...(hashes ? { eventHashes: hashes } : {}), ...(omitted ? { eventHashesOmitted: omitted } : {}) };
    } catch (error) {
      throw new Error(`${file} line ${number}: ${error instanceof Error ? error.message : String(error)}`);
    }
    yield line;
  }
}
