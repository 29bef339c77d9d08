import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ReferenceCall {
  readonly method: string;
  readonly path: string;
}

/** Where CI and developers keep the wire reference: shared/ beside the checkout. */
export function referenceFile(): string | undefined {
  const candidates = [resolve(process.cwd(), '../shared/reference/public-api.md'), resolve(process.cwd(), 'shared/reference/public-api.md')];
  return candidates.find((c) => existsSync(c));
}

/** Every call the reference documents as **METHOD `path`**, with its path variables still as {name}. */
export function referenceCalls(markdown: string): ReferenceCall[] {
  const calls = new Map<string, ReferenceCall>();
  for (const match of markdown.matchAll(/\*\*(GET|POST|PUT|DELETE|PATCH)\s+`([^`]+)`/g)) {
    const method = match[1]!;
    const path = match[2]!.split('?')[0]!.trim();
    if (!path.startsWith('/')) continue;
    calls.set(`${method} ${path}`, { method, path });
  }
  return [...calls.values()];
}

/** Values a careless or hostile client puts where a path variable goes. */
export const HOSTILE_SEGMENTS = ['x', '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%00', '..%2F..', "'%20or%201=1--", 'a'.repeat(300), '%E2%82%AC'];

/** Bodies a careless or hostile client sends. */
export const HOSTILE_BODIES: readonly { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '{"tickets": "many", "email": 5, "__proto__": {"polluted": true}}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
];

export function readReference(): string | undefined {
  const file = referenceFile();
  return file ? readFileSync(file, 'utf8') : undefined;
}
