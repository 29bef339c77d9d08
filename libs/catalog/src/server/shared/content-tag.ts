import { createHash } from 'node:crypto';

/** A strong validator (ETag) of a JSON body: the same body always gets the same tag. */
export function contentTag(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}
