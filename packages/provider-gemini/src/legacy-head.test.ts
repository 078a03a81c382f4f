// The first lines of a ≤0.38 recording, read by its layout (legacy-head.ts),
// tell what the whole parsed document tells of the session's id, start and
// first prompt: checked over every recorded document and the loose fixture,
// and on hostile lines that only look like the layout.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { createLegacyHeadState, visitLegacyHeadLine } from './legacy-head.js';
import { applyGeminiDocument, createGeminiHead, type GeminiHead } from './session-head.js';

const LOG_DIR = join(FIXTURES_DIR, 'gemini-log');

/** Every one-document recording (`session-*.json`) the lab recorded, and the loose legacy fixture. */
function documents(): string[] {
  const recorded = readdirSync(join(LOG_DIR, 'recorded'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /chats\/session-[^/]+\.json$/.test(name))
    .map((name) => join(LOG_DIR, 'recorded', name));
  return [...recorded, join(LOG_DIR, 'legacy-json-agtrace.json')];
}

function byLines(text: string): GeminiHead {
  const head = createGeminiHead();
  const state = createLegacyHeadState();
  for (const line of text.split('\n')) if (!visitLegacyHeadLine(state, head, line)) break;
  return head;
}

const told = (head: GeminiHead) => ({ sessionId: head.meta.sessionId, startTime: head.meta.startTime, firstPrompt: head.firstPrompt });

describe('the head of a legacy recording, read by its lines', () => {
  it('reads documents of every recorded version', () => {
    expect(documents().length).toBeGreaterThan(100);
  });

  it.each(documents().map((path) => [relative(LOG_DIR, path), path]))('%s: tells the id, start and first prompt the whole document tells', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const whole = createGeminiHead();
    applyGeminiDocument(whole, JSON.parse(text) as Record<string, unknown>);
    expect(told(byLines(text))).toEqual(told(whole));
  });

  it('stops at the first prompt, reading no line past it', () => {
    const seen: string[] = [];
    const text = readFileSync(documents()[0] as string, 'utf8');
    const head = createGeminiHead();
    const state = createLegacyHeadState();
    for (const line of text.split('\n')) {
      seen.push(line);
      if (!visitLegacyHeadLine(state, head, line)) break;
    }
    expect(head.firstPrompt).toBeDefined();
    expect(seen.length).toBeLessThan(text.split('\n').length);
  });

  it('takes nothing from lines that only look like the layout: a prompt quoting it, a broken message, a key with escapes', () => {
    const quoted = JSON.stringify({ id: 'm2', type: 'user', content: [{ text: '    }\n  "sessionId": "forged"' }] }, null, 2);
    const text = [
      '{',
      '  "sessionId": "real",',
      '  "st\\u0061rtTime": "2026-01-01T00:00:00.000Z",',
      '  "messages": [',
      '    {',
      '      "id": "m1",',
      '      "type": "user",',
      '      "content": [ { "text": broken } ]',
      '    },',
      ...quoted.split('\n').map((line) => `    ${line}`),
      '  ]',
      '}',
    ].join('\n');
    const head = byLines(text);
    expect(told(head)).toEqual({ sessionId: 'real', startTime: '2026-01-01T00:00:00.000Z', firstPrompt: '    }\n  "sessionId": "forged"' });
  });
});
