import type { Queryable } from '@ticketing/postgres';
import { tables } from '../shared/catalog-tables.js';

export interface StoredFile {
  readonly id: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

/** An image blob by its sha256 id, or null. */
export async function getFile(db: Queryable, id: string): Promise<StoredFile | null> {
  const { rows } = await db.query<{ content_type: string; bytes: Buffer }>(`select content_type, bytes from ${tables.files} where file_id = $1`, [id]);
  const row = rows[0];
  return row ? { id, contentType: row.content_type, bytes: row.bytes } : null;
}
