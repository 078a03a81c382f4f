// Both renderers through the renderer conformance suite, and hostile content
// from every provider fixture in every field, rendered without a throw and
// without letting a control character or markup through.
import { readFileSync } from 'node:fs';
import type { DisplayEvent } from '@x/core';
import { createHtmlRenderer } from '@x/renderer-html';
import { createTerminalRenderer } from '@x/renderer-terminal';
import { HOSTILE_STRINGS, describeRendererConformance } from '@x/testkit';
import { describe, expect, it } from 'vitest';
import { listFixtureProviders, listFixtures } from '../../tooling/fixtures.js';

describeRendererConformance({ name: 'terminal, default', create: (write) => createTerminalRenderer({ sink: write, mode: 'default' }) });
describeRendererConformance({ name: 'terminal, verbose', create: (write) => createTerminalRenderer({ sink: write, mode: 'verbose', showContent: true }) });
describeRendererConformance({ name: 'terminal, verbose, colour, live', create: (write) => createTerminalRenderer({ sink: write, mode: 'verbose', color: true, isTTY: true, columns: 80 }) });
describeRendererConformance({ name: 'html', create: (write) => createHtmlRenderer({ sink: write }) });

const KEEP = new Set(['kind', 'phase', 'status', 'outputState', 'level', 'toolKind', 'cumulative', 'fatal']);

/** Every string of an event, nested ones included, with a payload appended. */
function poison(value: unknown, payload: string, key = ''): unknown {
  if (typeof value === 'string') return KEEP.has(key) ? value : `${value}${payload}`;
  if (Array.isArray(value)) return value.map((item) => poison(item, payload));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, payload, k)]));
  }
  return value;
}

const allEvents: DisplayEvent[] = listFixtureProviders().flatMap((provider) =>
  listFixtures(provider)
    .filter((f) => !f.scenario.startsWith('long-run') && !f.scenario.endsWith('long-run'))
    .flatMap((f) => JSON.parse(readFileSync(f.eventsPath, 'utf8')) as DisplayEvent[]),
);

async function render(create: (write: (chunk: string) => void) => { write(e: DisplayEvent): unknown; end(): unknown }, events: DisplayEvent[]) {
  let out = '';
  const renderer = create((chunk) => {
    out += chunk;
  });
  for (const event of events) await renderer.write(event);
  await renderer.end();
  return out;
}

describe.each(HOSTILE_STRINGS.map((payload) => [JSON.stringify(payload).slice(0, 40), payload] as const))('hostile %s in every field', (_label, payload) => {
  const hostile = allEvents.map((event) => poison(event, payload) as DisplayEvent);

  it('reaches a plain terminal as visible text, never as control', async () => {
    for (const mode of ['default', 'verbose'] as const) {
      const out = await render((write) => createTerminalRenderer({ sink: write, mode, showContent: true }), hostile);
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it('reaches HTML escaped', async () => {
    const out = await render((write) => createHtmlRenderer({ sink: write }), hostile);
    // Escaped payloads stay text (`&lt;img onerror=...`); only real markup would match.
    expect(out).not.toMatch(/<(script|img|svg|iframe|object|embed|style\b[^>]*>[^<]*<\/style><script)[\s>]/i);
    // The one other href is the document's own empty favicon, `data:,`.
    expect(out).not.toMatch(/href="(?!https?:|data:,")/i);
  });
});
