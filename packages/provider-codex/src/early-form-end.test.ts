// Codex 0.42's `exec --experimental-json` prints no turn lines: `session.created`, the items, then
// nothing, and it exits 0 even after a failed request's top-level `error` (quirk 22). The stream's end is
// the run's end: read from the recordings fixtures/codex/recorded/0.42.0/<scenario>~experimental-json.jsonl.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { recordedDir } from '../../../tooling/recorded.js';
import { codexSource } from './index.js';

const recorded = (scenario: string) => readFileSync(join(recordedDir('codex', '0.42.0'), `${scenario}~experimental-json.jsonl`), 'utf8').split('\n');

describe('the end of a 0.42 --experimental-json stream (quirk 22)', () => {
  it('a run whose last line completed an answer ended in success, with that answer as its result', () => {
    const events = replayLines(codexSource, recorded('plain-answer')).events;
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success', result: 'It is **42**.' });
  });

  it("a failed request's top-level error, the last line, is the run's fatal error, not a warning", () => {
    const events = replayLines(codexSource, recorded('api-error-400')).events;
    expect(events.filter((event) => event.kind === 'notice')).toEqual([]);
    expect(events.filter((event) => event.kind === 'error')).toMatchObject([{ kind: 'error', fatal: true, message: expect.stringContaining('prompt is too long') }]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error' });
  });

  it('a stream cut after a command started is still cut off', () => {
    const lines = recorded('failing-command').slice(0, 2);
    expect(replayLines(codexSource, lines).events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'incomplete' });
  });
});
