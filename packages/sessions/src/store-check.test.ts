import { symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { put, tempHome, writeCodex } from '../test/fake-home.js';
import { STORES } from '../test/stores.js';
import { followSession } from './store-check.js';

const s = { id: '11111111-2222-3333-4444-555555555555', cwd: '/w', prompt: 'p', at: '2026-03-01T10:00:00.000Z' };

describe('followSession', () => {
  it('follows a log inside its store, and refuses one whose place holds a symlink out of it', async () => {
    const home = tempHome();
    const log = writeCodex(join(home, '.codex'), s);
    const lookup = { stores: STORES, home, env: {} };
    const controller = new AbortController();
    const reader = followSession({ agent: 'codex', path: log }, lookup, { signal: controller.signal, pollIntervalMs: 5 });
    expect(new TextDecoder().decode((await reader.next()).value)).toContain('session_meta');
    await reader.return(undefined);
    // The log's place taken by a symlink to a file outside the store: refused, whatever a check before said.
    unlinkSync(log);
    symlinkSync(put(join(tempHome(), 'secret.jsonl'), '{"secret":1}\n'), log);
    await expect(followSession({ agent: 'codex', path: log }, lookup).next()).rejects.toThrow(`${log} is outside the session store's folders; not read.`);
    await expect(followSession({ agent: 'cursor', path: log }, lookup).next()).rejects.toThrow(RangeError);
  });
});
