import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { filesProjection } from './files.projection.js';

const bytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
const fileId = createHash('sha256').update(bytes).digest('hex');
const stored = catalogEvent({ type: 'FileStored', data: { fileId, contentType: 'image/svg+xml', size: bytes.length, base64: bytes.toString('base64') } });

describe('catalog-files projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('files', [filesProjection]);
  });
  afterEach(() => h.close());

  it('keeps the decoded bytes by their sha256', async () => {
    await h.given(`file-${fileId}`, [stored]);
    expect(await h.rows('select file_id, content_type, size, bytes from catalog_files')).toEqual([{ file_id: fileId, content_type: 'image/svg+xml', size: bytes.length, bytes }]);
  });

  it('changes nothing when the same file is stored again', async () => {
    await h.given(`file-${fileId}`, [stored]);
    await h.given(`file-${fileId}`, [stored]);
    await h.replayAllAgain(filesProjection);
    expect(await h.rows('select count(*)::int as n from catalog_files')).toEqual([{ n: 1 }]);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`file-${fileId}`, [stored]);
    await h.runner.rebuild(filesProjection.name);
    expect(await h.runner.verify(filesProjection.name)).toMatchObject({ ok: true });
  });
});
