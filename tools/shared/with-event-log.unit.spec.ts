import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withEventLog, withoutPassword } from './event-log-session.js';

/** A port on 127.0.0.1 that nothing listens on: taken from the OS, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a tool whose database cannot be reached', () => {
  const saved = process.env['DATABASE_URL'];
  let said: string[];
  let folder: string;
  beforeEach(() => {
    said = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => said.push(String(text)) > 0);
    folder = mkdtempSync(join(tmpdir(), 'tools-session-'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(folder, { recursive: true, force: true });
    if (saved === undefined) delete process.env['DATABASE_URL'];
    else process.env['DATABASE_URL'] = saved;
  });

  it('says in one line which database it tried, without the password, and exits 1 without running the work', async () => {
    const url = `postgres://x:s3cret@127.0.0.1:${await closedPort()}/nope`;
    process.env['DATABASE_URL'] = url;
    const work = vi.fn(async () => 0);
    expect(await withEventLog('usage\n', work)).toBe(1);
    expect(work).not.toHaveBeenCalled();
    expect(said).toEqual([`cannot reach the database ${url.replace('s3cret', '***')} (DATABASE_URL): connect ECONNREFUSED ${url.slice(url.indexOf('@') + 1, url.lastIndexOf('/'))}\n`]);
    expect(said.join('')).not.toContain('s3cret');
  });

  it("takes a running npm start's embedded PostgreSQL as DATABASE_URL (what the API is given), and asks whether it still runs", async () => {
    delete process.env['DATABASE_URL'];
    const url = `postgres://postgres:postgres@127.0.0.1:${await closedPort()}/ticketing`;
    mkdirSync(join(folder, '.data'));
    writeFileSync(join(folder, '.data/database-url'), `${url}\n`);
    vi.spyOn(process, 'cwd').mockReturnValue(folder);
    expect(await withEventLog('usage\n', async () => 0)).toBe(1);
    expect(process.env['DATABASE_URL']).toBe(url);
    expect(said.at(-1)).toMatch(/^cannot reach the database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/ticketing \(\.data\/database-url: is `npm start` still running\?\): connect ECONNREFUSED/);
  });

  it('masks a password however the URL carries it, and prints no connection string that is no URL', () => {
    expect(withoutPassword('postgres://127.0.0.1/db?user=a&password=b')).toBe('postgres://127.0.0.1/db?user=a&password=***');
    expect(withoutPassword('postgres://a@127.0.0.1/db')).toBe('postgres://a@127.0.0.1/db');
    expect(withoutPassword('host=/run/postgresql password=b')).toBe('(DATABASE_URL, not printed: not a URL)');
  });
});
