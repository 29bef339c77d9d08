import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openToPostgres, walkableDataDir } from './embedded.js';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('the embedded PostgreSQL data folder', () => {
  const made: string[] = [];
  const folder = (mode: number) => {
    const path = mkdtempSync(join(tmpdir(), 'embedded-spec-'));
    chmodSync(path, mode);
    made.push(path);
    return path;
  };
  afterEach(() => made.splice(0).forEach((path) => rmSync(path, { recursive: true, force: true })));

  it('leaves a folder open to everyone as it is: a shared temp folder keeps its sticky, world-writable mode', () => {
    const shared = folder(0o1777);
    openToPostgres(shared);
    expect(modeOf(shared).toString(8)).toBe('1777');
  });

  it('opens a private parent (a mkdtemp folder) to the postgres user by adding read and walk, removing nothing', () => {
    const parent = folder(0o700);
    openToPostgres(parent);
    expect(modeOf(parent).toString(8)).toBe('755');
    const created = join(folder(0o755), 'new');
    openToPostgres(created);
    expect(modeOf(created) & 0o005).toBe(0o005);
  });

  it.runIf(process.getuid?.() === 0)('as root, under a folder the postgres user cannot walk, keeps the data in a folder of its own under the temp folder', () => {
    const home = folder(0o700);
    const log: string[] = [];
    const dataDir = walkableDataDir(join(home, 'checkout/.data/postgres'), (line) => log.push(line));
    expect(dirname(dirname(dataDir))).toBe(tmpdir());
    expect(dirname(dataDir)).toBe(join(tmpdir(), 'ticketing-pg'));
    expect(walkableDataDir(join(home, 'checkout/.data/postgres'), () => undefined)).toBe(dataDir);
    expect(log[0]).toContain('not traversable by the postgres user');
  });
});
