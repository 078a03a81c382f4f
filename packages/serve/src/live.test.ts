import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeLogSource } from '@x/provider-claude';
import { STORES } from '../test/serve-home.js';
import { batchHtml, resumePosition, sseMessage, streamLive } from './live.js';

describe('live helpers', () => {
  it('resumes at Last-Event-ID, else at the page’s position, else at 0', () => {
    expect(resumePosition('120', '40')).toBe(120);
    expect(resumePosition(undefined, '40')).toBe(40);
    expect(resumePosition('x', '40')).toBe(40);
    expect(resumePosition(undefined, '-1')).toBe(0);
    expect(resumePosition(undefined, null)).toBe(0);
  });

  it('gives every line of the data its own field, so no line of content can forge another event', () => {
    expect(sseMessage('events', 'a\n\nevent: evil\rdata: x', 7)).toBe('id: 7\nevent: events\ndata: a\ndata: \ndata: event: evil\ndata: data: x\n\n');
  });

  it('renders a batch as balanced, escaped HTML', () => {
    const html = batchHtml([{ kind: 'text', id: 'm', text: '<script>x</script>' }]);
    expect(html).toContain('&lt;script&gt;');
    expect(html.match(/<section/g)?.length ?? 0).toBe(html.match(/<\/section>/g)?.length ?? 0);
  });
});

describe("the live view of a store's log", () => {
  it("follows it held to the store's folders: a symlink out of them in the log's place is told and ends the view, never read", async () => {
    const home = mkdtempSync(join(tmpdir(), 'x-serve-live-'));
    const project = join(home, '.claude', 'projects', '-work');
    mkdirSync(project, { recursive: true });
    const secret = join(mkdtempSync(join(tmpdir(), 'x-serve-outside-')), 'secret.jsonl');
    writeFileSync(secret, `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'SECRET-OUTSIDE' } })}\n`);
    // The log listed and checked, then swapped for a symlink out of the store before the live view opens it.
    const log = join(project, 'log.jsonl');
    symlinkSync(secret, log);
    const written: string[] = [];
    const response = { writeHead: () => response, write: (chunk: string) => written.push(chunk) > 0, end: () => response } as unknown as ServerResponse;
    const request = { path: log, source: claudeLogSource, from: 0, redact: false, signal: new AbortController().signal, pollIntervalMs: 5 };
    await streamLive({ ...request, store: { agent: 'claude', lookup: { home, env: {}, stores: STORES } } }, response);
    expect(written.join('')).toBe(`: following\n\n${sseMessage('notice', `${log} is outside the session store's folders; not read.`)}`);
  });
});
