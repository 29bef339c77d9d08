import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataUriImages, fileSystemImages, storeFileCommand } from './image-loader.js';

const png = Buffer.from('89504e470d0a1a0a', 'hex');

describe('loading catalog images', () => {
  it('decodes data URIs, in the API and the CLI alike', async () => {
    const uri = `data:image/PNG;base64,${png.toString('base64')}`;
    expect(await dataUriImages(uri)).toEqual({ contentType: 'image/png', bytes: png });
    const dir = mkdtempSync(join(tmpdir(), 'images-'));
    expect(await fileSystemImages(dir)(uri)).toEqual({ contentType: 'image/png', bytes: png });
  });

  it('resolves paths against the catalog folder in the CLI only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'images-'));
    writeFileSync(join(dir, 'logo.png'), png);
    expect(await fileSystemImages(dir)('logo.png')).toEqual({ contentType: 'image/png', bytes: png });
    await expect(fileSystemImages(dir)('missing.png')).rejects.toThrow('missing.png: ENOENT');
    await expect(fileSystemImages(dir)('notes.txt')).rejects.toThrow(/unknown image type/);
    await expect(dataUriImages('logo.png')).rejects.toThrow(/data:image/);
  });

  it('names the bytes by their sha256', () => {
    const command = storeFileCommand({ contentType: 'image/png', bytes: png });
    expect(command).toEqual({
      type: 'StoreFile',
      data: { fileId: createHash('sha256').update(png).digest('hex'), contentType: 'image/png', size: png.byteLength, base64: png.toString('base64') },
    });
  });
});
