import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { recordedDir } from '../../../tooling/recorded.js';
import { geminiSource } from './source.js';

const FAILED_AS_SUCCESS = 'The model request failed: Gemini CLI reported success with no answer and no tokens (its error is on standard error)';

function replay(lines: string[]) {
  return replayLines(geminiSource, lines).events;
}

// 0.11.3 ends a run whose request failed with `result` `status: "success"`, all-zero stats and no
// `error`, and exits 0: only standard error says `Error when talking to Gemini API` (quirk 18).
describe('a failed request that 0.11 reports as a success (quirk 18)', () => {
  it('the recording: the 429 is a fatal error and the run ends in error (fixtures/gemini/recorded/0.11.3/api-error-429.jsonl)', () => {
    // Read by hand: init, the prompt `Hello`, then the result `success` with
    // total_tokens 0 after the two retries the stderr file shows.
    const lines = readFileSync(join(recordedDir('gemini', '0.11.3'), 'api-error-429.jsonl'), 'utf8').split('\n');
    const events = replay(lines);
    expect(events.filter((event) => event.kind === 'error')).toEqual([{ kind: 'error', message: FAILED_AS_SUCCESS, fatal: true }]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error', durationMs: 14376 });
  });

  it('leaves a success with an answer, or with tokens, a success', () => {
    const init = '{"type":"init","session_id":"s","model":"m"}';
    const prompt = '{"type":"message","role":"user","content":"Hi"}';
    const zero = '{"type":"result","status":"success","stats":{"total_tokens":0,"input_tokens":0,"output_tokens":0,"duration_ms":5,"tool_calls":0}}';
    // A server that reports no usage: the answer shows the request went through.
    const answered = replay([init, prompt, '{"type":"message","role":"assistant","content":"Hello","delta":true}', zero]);
    expect(answered.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
    expect(answered.some((event) => event.kind === 'error')).toBe(false);
    const counted = replay([init, prompt, zero.replace('"total_tokens":0', '"total_tokens":12')]);
    expect(counted.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
  });
});

// 0.10.0 has no stream-json: its `--output-format json` document of a failed request is `response: ""`, no
// `error`, every model's `total` 0 tokens, exit 0; only standard error says `Error when talking to Gemini API`.
describe('a failed request that 0.10 reports as a success in its JSON document (quirk 18)', () => {
  it('the recording: the 400 is a fatal error and the run ends in error (fixtures/gemini/recorded/0.10.0/api-error-400.json)', () => {
    const lines = readFileSync(join(recordedDir('gemini', '0.10.0'), 'api-error-400.json'), 'utf8').split('\n');
    const events = replay(lines);
    expect(events.filter((event) => event.kind === 'error')).toEqual([{ kind: 'error', message: FAILED_AS_SUCCESS, fatal: true }]);
    expect(events.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'error' });
  });

  it('leaves a document with an answer, or with tokens, a success', () => {
    const tokens = (total: number) => ({ models: { 'gemini-2.5-pro': { tokens: { prompt: total, candidates: 0, total } } } });
    const answered = replay([JSON.stringify({ response: 'Hello', stats: tokens(0) })]);
    expect(answered.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
    const counted = replay([JSON.stringify({ response: '', stats: tokens(12) })]);
    expect(counted.at(-1)).toMatchObject({ kind: 'session', phase: 'end', status: 'success' });
    expect([...answered, ...counted].some((event) => event.kind === 'error')).toBe(false);
  });
});
