import { createReadStream } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
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
}

/** About 80 bytes each: a window of a million events makes an 80 MB line, which is where this stops. */
export const MAX_EVENT_HASHES = 1_000_000;

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
