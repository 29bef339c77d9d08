import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sfntFromWoff } from './woff.js';

const require = createRequire(import.meta.url);
const fontsDir = join(dirname(require.resolve('@fontsource/source-sans-pro/unicode.json')), 'files');
const woffFiles = readdirSync(fontsDir).filter((name) => /-(400|700)-normal\.woff$/.test(name));

/** OpenType's table checksum: the sum of its big-endian 32-bit words, zero-padded; `head` counted with checkSumAdjustment 0. */
function tableChecksum(tag: string, data: Buffer): number {
  const words = Buffer.alloc((data.length + 3) & ~3);
  data.copy(words);
  if (tag === 'head') words.writeUInt32BE(0, 8);
  let sum = 0;
  for (let offset = 0; offset < words.length; offset += 4) sum = (sum + words.readUInt32BE(offset)) >>> 0;
  return sum;
}

describe('sfntFromWoff', () => {
  it.each(woffFiles)('unwraps %s into a font whose every table matches its checksum', (name) => {
    const woff = readFileSync(join(fontsDir, name));
    const sfnt = sfntFromWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const numTables = sfnt.readUInt16BE(4);
    expect(numTables).toBe(woff.readUInt16BE(12));
    expect(numTables * 16 - sfnt.readUInt16BE(6)).toBe(sfnt.readUInt16BE(10));
    for (let index = 0; index < numTables; index++) {
      const record = 12 + index * 16;
      const tag = sfnt.toString('latin1', record, record + 4);
      const offset = sfnt.readUInt32BE(record + 8);
      expect(offset % 4, tag).toBe(0);
      const data = sfnt.subarray(offset, offset + sfnt.readUInt32BE(record + 12));
      expect(tableChecksum(tag, data), `${name} ${tag}`).toBe(sfnt.readUInt32BE(record + 4));
    }
  });

  it('refuses anything but WOFF 1.0', () => {
    expect(woffFiles.length).toBe(14);
    expect(() => sfntFromWoff(Buffer.from('wOF2 and more bytes than a header has, padded out to forty-four'))).toThrow(/WOFF 1.0/);
  });
});
