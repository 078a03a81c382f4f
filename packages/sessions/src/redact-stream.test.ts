import type { DisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { SECRETS } from '../test/secret-corpus.js';
import { redactSecrets } from './redact.js';
import { REDACT_HELD_MAX_CHARS, createRedactingStream } from './redact-stream.js';
import { redactingRenderer } from './render-session.js';

function through(events: readonly DisplayEvent[]): DisplayEvent[] {
  const stream = createRedactingStream();
  return [...events.flatMap((event) => stream.write(event)), ...stream.end()];
}

const text = (t: string, id = 'm1'): DisplayEvent => ({ kind: 'text', id, text: t });
const shown = (events: readonly DisplayEvent[]) => events.map((e) => (e.kind === 'text' || e.kind === 'reasoning' ? e.text : `<${e.kind}>`)).join('');

describe('createRedactingStream', () => {
  it.each(SECRETS)('catches a $kind cut at every position across two increments', ({ text: line, secret }) => {
    const whole = `Here it is:\n${line}\nand more`;
    for (let at = 0; at <= whole.length; at++) {
      for (const kind of ['text', 'reasoning'] as const) {
        const out = shown(through([{ kind, id: 'm1', text: whole.slice(0, at) }, { kind, id: 'm1', text: whole.slice(at) }]));
        expect([at, out.includes(secret)]).toEqual([at, false]);
        expect(out).toBe(redactSecrets(whole));
      }
    }
  });

  it('shows each finished line at once, holds the unfinished one until its block ends, and keeps the order of events', () => {
    const out = through([
      text('one\ntw'),
      text('o'),
      { kind: 'notice', level: 'info', message: 'key sk-ant-api03-Qm7Zx2Lp9Vt4Rk1Wn8Bs3Hd6Jf0G' },
      text('three', 'm2'),
      text('!', 'm3'),
    ]);
    expect(out).toEqual([
      text('one\n'),
      text('two'),
      { kind: 'notice', level: 'info', message: 'key [REDACTED:anthropic-key]' },
      text('three', 'm2'),
      text('!', 'm3'),
    ]);
  });

  it('holds an unfinished PEM private key across lines until its END line', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1x2y3z4Q\nfakeFakeFakeBase64Lines==\n-----END RSA PRIVATE KEY-----\n';
    const parts = ['id_rsa:\n', ...pem.split(/(?<=\n)/)];
    const stream = createRedactingStream();
    const out = parts.map((part) => shown(stream.write(text(part))));
    expect(out).toEqual(['id_rsa:\n', '', '', '', '[REDACTED:private-key]\n']);
  });

  it('holds at most REDACT_HELD_MAX_CHARS of one line, so memory stays bounded', () => {
    const stream = createRedactingStream();
    const chunk = 'a'.repeat(1024);
    let released = 0;
    let mostHeld = 0;
    for (let i = 1; i <= 100; i++) {
      released += shown(stream.write(text(chunk))).length;
      mostHeld = Math.max(mostHeld, i * 1024 - released);
    }
    expect([released, mostHeld]).toEqual([65 * 1024, 64 * 1024]);
    expect(REDACT_HELD_MAX_CHARS).toBe(64 * 1024);
    expect(shown(stream.end()).length).toBe(35 * 1024);
  });

  it("cuts a tool call's preview again from its redacted input, so no part of a secret is left at the cut", () => {
    const command = 'curl -H "X-Key: ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R" https://api.github.com';
    const cut = 'curl -H "X-Key: ghp_1a2B3c4D5e6F7g8H9...';
    const call: DisplayEvent = { kind: 'tool-use', id: 't1', name: 'Bash', toolName: 'Bash', toolKind: 'execute', arg: cut, input: { command } };
    expect(through([call])).toEqual([
      { ...call, arg: 'curl -H "X-Key: [REDACTED:github-toke...', input: { command: 'curl -H "X-Key: [REDACTED:github-token]" https://api.github.com' } },
    ]);
  });

  it('is what redactingRenderer hands the renderer it wraps', async () => {
    const seen: DisplayEvent[] = [];
    const renderer = redactingRenderer({ specificationVersion: 'v1', write: (e) => void seen.push(e as DisplayEvent), end: () => {} });
    for (const part of ['token: sk-proj-Xf3kL9qPz', 'T1vB7nM2sR8wY4cJ6hD0gA5eU done']) await renderer.write(text(part));
    await renderer.end();
    expect(seen).toEqual([text('token: [REDACTED:openai-key] done')]);
  });
});
