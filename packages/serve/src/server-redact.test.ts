import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_LINE_BYTES } from '@x/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome, writeClaude } from '../../sessions/test/fake-home.js';
import { get } from '../test/http.js';
import { SOURCES, STORES } from '../test/serve-home.js';
import { LONG_LINE_MARKER } from './redacted-lines.js';
import { startServer, type ServeHandle } from './server.js';

const SECRET = 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';
const ID = '22222222-2222-4222-8222-222222222222';
const LONG_ID = '33333333-3333-4333-8333-333333333333';

describe('startServer with redact over a session whose project and prompt hold a secret', () => {
  let server: ServeHandle;
  let cookie: string;
  let home: string;

  beforeAll(async () => {
    home = tempHome();
    writeClaude(join(home, '.claude'), {
      id: ID,
      cwd: `/work/OPENAI_API_KEY=${SECRET}`,
      prompt: `deploy with OPENAI_API_KEY=${SECRET}`,
      at: '2026-03-02T10:01:00.000Z',
    });
    // A line past the 16 MiB line limit, then a secret: the download cannot redact the first whole, so it leaves it out.
    writeClaude(join(home, '.claude'), { id: LONG_ID, cwd: '/work/long', prompt: 'long', at: '2026-03-02T10:02:00.000Z' }, [
      { junk: `${SECRET} ${'x'.repeat(DEFAULT_MAX_LINE_BYTES)}` },
      { note: `OPENAI_API_KEY=${SECRET}` },
    ]);
    server = await startServer({ home, env: {}, stores: STORES, sources: SOURCES, token: 'test-token-123', redact: true });
    cookie = String((await get(server.origin, '/?token=test-token-123')).headers['set-cookie']).split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });

  const authed = (path: string) => get(server.origin, `${server.base}${path}`, { cookie });

  it('keeps the secret out of the list, the project filter’s values included, and still filters by the project', async () => {
    const list = await authed('/');
    expect(list.body).not.toContain(SECRET);
    const value = /<option value="([^"]*REDACTED[^"]*)"/.exec(list.body)?.[1];
    expect(value).toBe('/work/OPENAI_API_KEY=[REDACTED:openai-key]');
    const filtered = await authed(`/?project=${encodeURIComponent(value ?? '')}`);
    expect(filtered.body).toContain(`data-key="${ID}"`);
    expect(filtered.body).not.toContain(SECRET);
  });

  it('keeps the secret out of the session page, its changes and its downloads', async () => {
    for (const part of ['', '/changes', '/raw', '/events.ndjson', '/redacted.html']) {
      const answer = await authed(`/s/${ID}${part}`);
      expect([part, answer.status]).toEqual([part, 200]);
      expect([part, answer.body.includes(SECRET)]).toEqual([part, false]);
    }
  });

  it('leaves a line too long to redact whole out of the raw download, and redacts the lines after it', async () => {
    const answer = await authed(`/s/${LONG_ID}/raw`);
    expect(answer.status).toBe(200);
    expect(answer.body.includes(SECRET)).toBe(false);
    const lines = answer.body.split('\n');
    expect(lines.slice(-3)).toEqual([LONG_LINE_MARKER, '{"note":"OPENAI_API_KEY=[REDACTED:openai-key]"}', '']);
  });
});
