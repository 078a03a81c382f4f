import { describe, expect, it } from 'vitest';
import { LONG_LINE_MARKER, redactedLines } from './redacted-lines.js';

const SECRET = 'sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';
const bytes = (text: string) => new TextEncoder().encode(text);

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const all = bytes(text);
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('redactedLines', () => {
  it('redacts a secret cut across reads, keeps blank lines and a last line without its LF', async () => {
    const log = `{"a":"OPENAI_API_KEY=${SECRET}"}\n\n{"b":"é ${SECRET}"}`;
    for (const size of [1, 3, 7, 64, 4096]) {
      const out = await collect(redactedLines(chunksOf(log, size)));
      expect(out).toEqual(['{"a":"OPENAI_API_KEY=[REDACTED:openai-key]"}\n', '\n', '{"b":"é [REDACTED:openai-key]"}']);
    }
  });

  it('leaves out a line past the limit as a marker, without holding it, and redacts the lines after it', async () => {
    const long = `${'x'.repeat(40)}${SECRET}${'y'.repeat(40)}`;
    const out = await collect(redactedLines(chunksOf(`short\n${long}\n${SECRET}\n`, 5), 64));
    expect(out).toEqual(['short\n', `${LONG_LINE_MARKER}\n`, '[REDACTED:openai-key]\n']);
  });

  it("redacts a secret inside a JSON string as the string holds it: a line of a tool's output after its \\n, an escaped key", async () => {
    const output = `cat .env\nAPI_TOKEN=9f8e7d6c5b4a\n${SECRET}\nsk-\u0070roj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx\n`;
    const line = JSON.stringify({ type: 'user', content: [{ type: 'tool_result', content: output }] }).replace('\\\\u0070', '\\u0070');
    const [out] = await collect(redactedLines(chunksOf(`${line}\n`, 4096)));
    expect(out).toBe(`${JSON.stringify({ type: 'user', content: [{ type: 'tool_result', content: 'cat .env\nAPI_TOKEN=[REDACTED:env-secret]\n[REDACTED:openai-key]\n[REDACTED:openai-key]\n' }] })}\n`);
  });

  it('leaves a line without secrets byte for byte, its escapes and a string that never closes included', async () => {
    const line = '{"a":"caf\\u00e9 \\/ ok","b":"unclosed \\"';
    expect(await collect(redactedLines(chunksOf(line, 4096)))).toEqual([line]);
  });
});
