import { randomBytes, randomUUID } from 'node:crypto';
import { arrayLiteral, type Db } from '@ticketing/postgres';
import { unwrapSubjectKey, wrapSubjectKey } from './master-key.js';
import type { SubjectKey } from './subject-key.js';

interface KeyRow {
  subject_id: string;
  key_id: string;
  key: Buffer;
  wrapped: boolean;
}

/**
 * Per-subject data keys in PostgreSQL (table subject_keys), whichever adapter holds the events: erasing a
 * subject is deleting one row here. Keys are never cached in memory: a key forgotten by another process must
 * stop being used for new data at once, or that data would be born unreadable.
 */
export class SubjectKeyVault {
  constructor(
    private readonly db: Db,
    private readonly masterKey?: Buffer,
  ) {}

  /** The subject's key, made on first use. */
  async keyFor(subjectId: string): Promise<SubjectKey> {
    for (;;) {
      const key = randomBytes(32);
      const stored = this.masterKey ? wrapSubjectKey(this.masterKey, subjectId, key) : key;
      // One round trip: the insert's row when it made the key, the existing row otherwise. A concurrent first use
      // can leave both sides empty (its row committed after this statement's snapshot): then ask again.
      const { rows } = await this.db.query<KeyRow>(
        `with made as (
           insert into subject_keys (subject_id, key_id, key, wrapped) values ($1, $2, $3, $4)
           on conflict (subject_id) do nothing
           returning subject_id, key_id, key, wrapped)
         select * from made
         union all
         select subject_id, key_id, key, wrapped from subject_keys where subject_id = $1
         limit 1`,
        [subjectId, randomUUID(), stored, this.masterKey !== undefined],
      );
      const row = rows[0];
      if (row) return this.toKey(row);
    }
  }

  /** The keys that still exist among these subjects; an erased subject is simply absent. */
  async existingKeys(subjectIds: Iterable<string>): Promise<Map<string, SubjectKey>> {
    const ids = [...new Set(subjectIds)];
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<KeyRow>(
      'select subject_id, key_id, key, wrapped from subject_keys where subject_id = any($1::text[])',
      [arrayLiteral(ids)],
    );
    return new Map(rows.map((row) => [row.subject_id, this.toKey(row)]));
  }

  /** Destroys the subject's key: everything sealed with it becomes unreadable, for good. False when it had none. */
  async forget(subjectId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('delete from subject_keys where subject_id = $1', [subjectId]);
    return (rowCount ?? 0) > 0;
  }

  private toKey(row: KeyRow): SubjectKey {
    if (!row.wrapped) return { keyId: row.key_id, key: row.key };
    if (!this.masterKey) throw new Error(`key of subject ${row.subject_id} is wrapped: set EVENTSTORE_MASTER_KEY`);
    return { keyId: row.key_id, key: unwrapSubjectKey(this.masterKey, row.subject_id, row.key) };
  }
}
