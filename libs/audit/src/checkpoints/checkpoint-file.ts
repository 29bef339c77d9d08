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

/** Every line of the file, in file order; a line that is not a checkpoint fails with its line number. */
export async function readCheckpointFile(file: string): Promise<CheckpointFileLine[]> {
  const lines: CheckpointFileLine[] = [];
  const reader = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const text of reader) {
    number++;
    if (text.trim() === '') continue;
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      const hashes = value['eventHashes'] as [string, string][] | undefined;
      const omitted = value['eventHashesOmitted'] as number | undefined;
      lines.push({ ...toSignedCheckpoint(value), after: String(value['after'] ?? '0'), ...(hashes ? { eventHashes: hashes } : {}), ...(omitted ? { eventHashesOmitted: omitted } : {}) });
    } catch (error) {
      throw new Error(`${file} line ${number}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return lines;
}
