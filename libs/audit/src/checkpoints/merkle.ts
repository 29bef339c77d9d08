import { createHash } from 'node:crypto';

/** One stream's end as a checkpoint signs it: the last revision at the checkpoint's position and that event's hash. */
export interface HeadLeaf {
  readonly streamId: string;
  readonly revision: number;
  readonly hash: string;
}

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

/**
 * The leaf's canonical text: `{"hash":…,"revision":…,"streamId":…}`, keys in that (sorted) order, as JSON.stringify
 * writes the values. Hashed as sha256(0x00 || text), the 0x00 keeping a leaf from ever passing for a node.
 */
export function leafText(head: HeadLeaf): string {
  return JSON.stringify({ hash: head.hash, revision: head.revision, streamId: head.streamId });
}

/** Stream ids in UTF-16 code unit order (JavaScript's `<`), never a database collation: the verifier sorts the same way. */
export function byStreamId(a: HeadLeaf, b: HeadLeaf): number {
  return a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0;
}

/**
 * Hex Merkle root over stream heads (sorted here by stream id): leaf = sha256(0x00 || leafText), node =
 * sha256(0x01 || left || right) over the raw 32-byte digests, a level's odd last node promoted unchanged to the
 * next level. No heads at all: sha256 of nothing. tools/verify-export computes the same in plain Node.
 */
export function headsRoot(heads: readonly HeadLeaf[]): string {
  if (heads.length === 0) return createHash('sha256').digest('hex');
  let level: Buffer[] = [...heads].sort(byStreamId).map((head) => createHash('sha256').update(LEAF).update(leafText(head)).digest());
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right ? createHash('sha256').update(NODE).update(level[i]!).update(right).digest() : level[i]!);
    }
    level = next;
  }
  return level[0]!.toString('hex');
}
