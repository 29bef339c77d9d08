import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signCheckpoint } from './checkpoint.js';
import { lastLinePosition } from './checkpoint-file.js';
import { parseSigningKey } from './signing-key.js';

const signer = parseSigningKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
const line = (position: number, hashes: number) =>
  JSON.stringify({
    ...signCheckpoint({ position: String(position), time: '2027-03-01T10:00:00.000000Z', logHash: '0'.repeat(64), headsRoot: '0'.repeat(64), streams: 1 }, signer),
    after: '0',
    eventHashes: Array.from({ length: hashes }, (_, i) => [String(i + 1), 'f'.repeat(64)]),
  });

describe("the checkpoint file's last line", () => {
  const dir = mkdtempSync(join(tmpdir(), 'checkpoint-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('is read back from the end, also when it is longer than a read and the file ends in blank lines', async () => {
    expect(await lastLinePosition(file('two.jsonl', `${line(3, 2)}\n${line(9, 5_000)}\n\n`))).toBe(9n);
    expect(await lastLinePosition(file('one.jsonl', line(4, 5_000)))).toBe(4n);
  });

  it('is position 0 for a missing or empty file, and an error for a line cut short', async () => {
    expect(await lastLinePosition(join(dir, 'none.jsonl'))).toBe(0n);
    expect(await lastLinePosition(file('empty.jsonl', '\n'))).toBe(0n);
    await expect(lastLinePosition(file('cut.jsonl', `${line(3, 2)}\n${line(9, 2).slice(0, 100)}`))).rejects.toThrow(/its last line is not a checkpoint \(cut short\?\)/);
  });
});
