import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseUrlOf } from './event-log-session.js';

describe('the database a tool works on', () => {
  const folders: string[] = [];
  const checkout = () => {
    const folder = mkdtempSync(join(tmpdir(), 'tools-url-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    folders.splice(0).forEach((f) => rmSync(f, { recursive: true, force: true }));
    vi.restoreAllMocks();
  });

  it('is DATABASE_URL when given', () => {
    expect(databaseUrlOf({ DATABASE_URL: ' postgres://db.example/x ' }, checkout())).toBe('postgres://db.example/x');
  });

  it('is else the embedded PostgreSQL a running npm start of the checkout keeps the URL of, said on stderr', () => {
    const folder = checkout();
    mkdirSync(join(folder, '.data'));
    writeFileSync(join(folder, '.data/database-url'), 'postgres://postgres:postgres@127.0.0.1:41603/ticketing\n');
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(databaseUrlOf({}, folder)).toBe('postgres://postgres:postgres@127.0.0.1:41603/ticketing');
    expect(String(said.mock.calls[0]?.[0])).toContain('embedded PostgreSQL of npm start');
  });

  it('is none without either', () => {
    expect(databaseUrlOf({ DATABASE_URL: '' }, checkout())).toBeNull();
  });
});
