import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { dataOf } from '../catalog-event-data.js';

export const FILES_TABLE = 'catalog_files';

/** Image blobs by sha256: content-addressed, so the same id always holds the same bytes and a second store is a no-op. */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const { fileId, contentType, base64 } = dataOf(event, 'FileStored');
  const bytes = Buffer.from(base64, 'base64');
  await tx.client.query(
    `insert into ${tx.table(FILES_TABLE)} (file_id, content_type, size, bytes) values ($1, $2, $3, $4) on conflict (file_id) do nothing`,
    [fileId, contentType, bytes.length, bytes],
  );
}

export const filesProjection: Projection = {
  name: 'catalog-files',
  version: 1,
  canHandle: ['FileStored'],
  tables: [
    {
      name: FILES_TABLE,
      ddl: (s) => `
        create table ${s.table(FILES_TABLE)} (
          file_id text primary key,
          content_type text not null,
          size integer not null,
          bytes bytea not null
        )`,
    },
  ],
  apply,
};
