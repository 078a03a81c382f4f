import type { DisplayEvent } from '@x/core';
import { defineRenderer } from '@x/core';
import { copilotSource } from '@x/provider-copilot';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome, writeClaude, writeCopilot } from '../test/fake-home.js';
import { standInClaudeLogSource } from '../test/stand-in-source.js';
import { listSessions } from './list-sessions.js';
import { redactingRenderer, renderSessionHtml, sessionEvents } from './render-session.js';
import { STORES } from '../test/stores.js';

async function collect(events: AsyncIterable<DisplayEvent>): Promise<DisplayEvent[]> {
  const out: DisplayEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

const secretPrompt = 'deploy with OPENAI_API_KEY=sk-proj-Xf3kL9qPzT1vB7nM2sR8wY4cJ6hD0gA5eU_aQ-kzw1Lx';

describe('reading a session for rendering', () => {
  it('reads a listed session with the source given for its agent, redacting when asked', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 's1', cwd: '/p', prompt: secretPrompt, at: '2026-03-01T10:00:00.000Z' });
    const [session] = await listSessions({ stores: STORES, home });
    if (session === undefined) throw new Error('not listed');
    const plain = await collect(sessionEvents(session, { stores: STORES, home, sources: { claude: standInClaudeLogSource } }));
    expect(plain[0]).toEqual({ kind: 'prompt', form: 'prompt', text: secretPrompt });
    const redacted = await collect(sessionEvents(session, { stores: STORES, home, sources: { claude: standInClaudeLogSource }, redact: true }));
    expect(redacted[0]).toEqual({ kind: 'prompt', form: 'prompt', text: 'deploy with OPENAI_API_KEY=[REDACTED:openai-key]' });
    expect(redacted.map((e) => e.kind)).toEqual(['prompt', 'text', 'session']);
  });

  it('names the agent when no source reads its logs', async () => {
    const home = tempHome();
    writeClaude(join(home, '.claude'), { id: 's1', cwd: '/p', prompt: 'x', at: '2026-03-01T10:00:00.000Z' });
    const [session] = await listSessions({ stores: STORES, home });
    if (session === undefined) throw new Error('not listed');
    await expect(collect(sessionEvents(session, { stores: STORES, home, sources: {} }))).rejects.toThrow('no source reads claude session logs');
  });

  it('renders a Copilot events.jsonl with the existing Copilot source as a whole document', async () => {
    const home = tempHome();
    writeCopilot(join(home, '.copilot'), { id: 'cp1', cwd: '/p', prompt: 'Count the lines', at: '2026-03-01T10:00:00.000Z' });
    const [session] = await listSessions({ stores: STORES, home });
    if (session === undefined) throw new Error('not listed');
    const html = await renderSessionHtml(session, { stores: STORES, home, sources: { copilot: copilotSource } });
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('Content-Security-Policy');
    expect(html).toContain('<title>Count the lines</title>');
    expect(html).toContain('Done.');
  });

  it('redactingRenderer hands the wrapped renderer redacted events', async () => {
    const seen: DisplayEvent[] = [];
    const inner = defineRenderer({ specificationVersion: 'v1', write: (e: DisplayEvent) => void seen.push(e), end() {} });
    const renderer = redactingRenderer(inner);
    await renderer.write({ kind: 'text', id: 'm', text: 'key AIzaSyD4k9Lm2Pq7Rs1Tu8Vw3Xy6Za0Bc5De9Fg' });
    await renderer.end();
    expect(seen).toEqual([{ kind: 'text', id: 'm', text: 'key [REDACTED:google-api-key]' }]);
  });
});
