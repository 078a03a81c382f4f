import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome, writeCodex } from '../../../sessions/test/fake-home.js';
import { get } from '../../../serve/test/http.js';
import { ExitCode } from '../exit-codes.js';
import type { CliStream } from '../run-cli.js';
import { runCli } from '../run-cli.js';
import { parsePort, searchDirOf } from './serve.js';

class Capture implements CliStream {
  text = '';
  isTTY = false;
  private waiters: (() => void)[] = [];
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    for (const wake of this.waiters.splice(0)) wake();
    return true;
  }
  once(): this {
    return this;
  }
  line(): Promise<string> {
    return new Promise((resolve) => {
      const look = () => (this.text.includes('\n') ? resolve(this.text.split('\n')[0] ?? '') : this.waiters.push(look));
      look();
    });
  }
}

async function* none(): AsyncGenerator<Uint8Array> {}

describe('xview serve', () => {
  it('prints its address with a token, serves the list behind it, and stops on the signal', async () => {
    const home = tempHome();
    writeCodex(join(home, '.codex'), { id: '11111111-2222-3333-4444-555555555555', cwd: '/work/app', prompt: 'Add a test', at: '2026-03-02T10:00:00.000Z' });
    const stdout = new Capture();
    const stderr = new Capture();
    const controller = new AbortController();
    const done = runCli(['serve', '--no-search'], { stdin: none(), stdout, stderr, env: {}, home, signal: controller.signal } as Parameters<typeof runCli>[1]);
    const url = new URL(await stdout.line());
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await get(url.origin, '/')).status).toBe(403);
    const first = await get(url.origin, `/?token=${token}`);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    // The token leads to the app's path, the only one its cookie is good for.
    const base = String(first.headers.location).replace(/\/$/, '');
    expect(base).toMatch(/^\/x-[A-Za-z0-9_-]{22}$/);
    expect((await get(url.origin, '/', { cookie })).status).toBe(403);
    const list = await get(url.origin, `${base}/`, { cookie });
    expect(list.body).toContain(`${base}/s/11111111-2222-3333-4444-555555555555`);
    controller.abort();
    expect(await done).toBe(ExitCode.ok);
    expect(stderr.text).toBe('');
    rmSync(home, { recursive: true, force: true });
  });

  it('checks --port and names the search index folder by XDG_CACHE_HOME', () => {
    expect(parsePort(undefined)).toBe(0);
    expect(parsePort('8080')).toBe(8080);
    expect(() => parsePort('80a')).toThrow('--port needs a number from 0 to 65535, got "80a".');
    expect(() => parsePort('70000')).toThrow('--port');
    const io = { env: { XDG_CACHE_HOME: '/c' }, home: '/h' } as unknown as Parameters<typeof searchDirOf>[1];
    expect(searchDirOf(undefined, io)).toBe(join('/c', 'xview', 'search'));
    expect(searchDirOf(undefined, { ...io, env: {} })).toBe(join('/h', '.cache', 'xview', 'search'));
    expect(searchDirOf('/x', io)).toBe('/x');
  });
});
