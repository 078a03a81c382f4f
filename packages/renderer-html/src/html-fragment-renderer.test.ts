import type { DisplayEvent, ToolResultDisplayEvent, ToolUseDisplayEvent } from '@x/core';
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../test/sample-run.js';
import { createHtmlFragmentRenderer } from './html-fragment-renderer.js';

function render(events: DisplayEvent[]): string {
  const renderer = createHtmlFragmentRenderer();
  return events.map((event) => renderer.push(event)).join('') + renderer.end();
}

function use(id: string, extra: Partial<ToolUseDisplayEvent> = {}): ToolUseDisplayEvent {
  return { kind: 'tool-use', id, name: 'Read', toolName: 'read_file', toolKind: 'read', arg: `${id}.ts`, input: { path: `${id}.ts` }, ...extra };
}

function result(id: string, extra: Partial<ToolResultDisplayEvent> = {}): ToolResultDisplayEvent {
  return { kind: 'tool-result', id, name: 'Read', toolKind: 'read', status: 'success', outputState: 'text', output: `content of ${id}`, details: { path: `${id}.ts`, contentLength: 13 }, ...extra };
}

const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

describe('createHtmlFragmentRenderer: text', () => {
  it('holds the increments of a block and renders the block once, when it ends', () => {
    const renderer = createHtmlFragmentRenderer();
    expect(renderer.push({ kind: 'text', id: 'a', text: '```ts\nconst x' })).toBe('<section class="turn"><h2>Turn 1</h2>\n');
    expect(renderer.push({ kind: 'text', id: 'a', text: ' = 1;\n``' })).toBe('');
    expect(renderer.push({ kind: 'text', id: 'a', text: '`\n\n**done**' })).toBe('');
    const html = renderer.push({ kind: 'text', id: 'b', text: 'next' });
    expect(html).toContain('<div class="text"><pre><code class="language-ts"><span class="hljs-keyword">const</span> x = <span class="hljs-number">1</span>;</code></pre>\n<p><strong>done</strong></p></div>');
    expect(renderer.end()).toBe('<div class="text"><p>next</p></div>\n</section>\n');
  });

  it('renders the same whatever the increments', () => {
    const text = 'A *list*:\n\n- one `code`\n- two [link](https://example.com)\n\n```py\nprint(1)\n```';
    const whole = render([{ kind: 'text', id: 'a', text }]);
    for (const size of [1, 2, 3, 7]) {
      const pieces: DisplayEvent[] = [];
      for (let i = 0; i < text.length; i += size) pieces.push({ kind: 'text', id: 'a', text: text.slice(i, i + size) });
      expect(render(pieces)).toBe(whole);
    }
  });

  it('ends a block at the next visible event, not at usage or unknown kinds', () => {
    const html = render([
      { kind: 'text', id: 'a', text: '**bo' },
      { kind: 'usage', cumulative: false, outputTokens: 3 },
      { kind: 'brand-new-kind' } as unknown as DisplayEvent,
      { kind: 'text', id: 'a', text: 'ld**' },
      { kind: 'notice', level: 'info', message: 'between' },
      { kind: 'text', id: 'a', text: 'after' },
    ]);
    expect(html).toContain('<p><strong>bold</strong></p>');
    expect(html.indexOf('bold')).toBeLessThan(html.indexOf('between'));
    expect(html.indexOf('between')).toBeLessThan(html.indexOf('after'));
  });

  it('keeps reasoning collapsed in its own details', () => {
    const html = render([{ kind: 'reasoning', id: 'r', text: 'thinking <hard>' }]);
    expect(html).toContain('<details class="reasoning"><summary>Reasoning</summary><div class="text"><p>thinking &lt;hard&gt;</p></div></details>');
    expect(html).not.toContain('<details class="reasoning" open');
  });

  it('writes nothing for whitespace-only or empty text', () => {
    expect(render([{ kind: 'text', id: 'a', text: '' }])).toBe('');
    expect(render([{ kind: 'text', id: 'a', text: ' \n ' }])).toBe('<section class="turn"><h2>Turn 1</h2>\n</section>\n');
  });
});

describe('createHtmlFragmentRenderer: tool calls', () => {
  it('shows in its summary the command a result says ran, and both inputs', () => {
    const bash = { name: 'Bash', toolName: 'command_execution', toolKind: 'execute' } as const;
    const ran = result('c', { ...bash, outputState: 'empty', output: '', details: { exitCode: 0 }, arg: 'rm -rf build', input: { command: 'rm -rf build' } });
    const html = render([use('c', { ...bash, arg: 'npm test', input: { command: 'npm test' } }), ran]);
    expect(html).toContain('<summary><span class="tool-name">Bash</span> <code class="tool-arg">rm -rf build</code> <span class="tool-status">');
    expect(html).not.toContain('<code class="tool-arg">npm test</code>');
    expect(html).toContain(
      '<p class="label">Input it completed with</p><pre class="tool-input"><code class="language-json">{\n  "command": "rm -rf build"\n}</code></pre>' +
        '<p class="label">Input announced at its start</p><pre class="tool-input"><code class="language-json">{\n  "command": "npm test"\n}</code></pre>',
    );
  });

  it('writes one details per call, with the result in its summary, once the result arrives', () => {
    const renderer = createHtmlFragmentRenderer();
    expect(renderer.push(use('a'))).toContain('<h2>Turn 1</h2>');
    const html = renderer.push(result('a'));
    expect(count(html, /<details class="tool success">/g)).toBe(1);
    expect(html).toContain('<summary><span class="tool-name">Read</span> <code class="tool-arg">a.ts</code> <span class="tool-status">— Read a.ts (13 chars)</span></summary>');
    expect(html).toContain('<pre class="tool-output"><code class="language-typescript">content <span class="hljs-keyword">of</span> a</code></pre>');
    expect(html).toContain('<pre class="tool-input"><code class="language-json">{\n  "path": "a.ts"\n}</code></pre>');
  });

  it('keeps parallel calls in the order they were made, whatever order their results come in', () => {
    const html = render([use('a'), use('b'), use('c'), result('c'), result('a'), result('b')]);
    expect(count(html, /<details class="tool /g)).toBe(3);
    expect(html.indexOf('a.ts (13')).toBeLessThan(html.indexOf('b.ts (13'));
    expect(html.indexOf('b.ts (13')).toBeLessThan(html.indexOf('c.ts (13'));
  });

  it('tells an empty file from an output that could not be read', () => {
    const html = render([
      use('e'),
      result('e', { outputState: 'empty', output: '' }),
      use('u'),
      result('u', { outputState: 'unavailable', output: undefined }),
      use('b', { name: 'Bash', toolKind: 'execute' }),
      result('b', { name: 'Bash', toolKind: 'execute', outputState: 'empty', output: '' }),
    ]);
    expect(html).toContain('<p class="tool-empty">(empty file)</p>');
    expect(html).toContain('<p class="tool-unavailable">could not read the file content</p>');
    expect(html).toContain('<p class="tool-empty">(empty output)</p>');
  });

  it('marks a call still open at the end unfinished', () => {
    const html = render([use('a')]);
    expect(html).toContain('<details class="tool unfinished">');
    expect(html).toContain('— unfinished: no result arrived');
  });

  it('holds what follows a call behind it, so the call and its result stay one details in place', () => {
    const renderer = createHtmlFragmentRenderer();
    let html = renderer.push(use('t', { name: 'Task', toolKind: 'think' }));
    html += renderer.push({ kind: 'text', id: 's', text: 'sub work', parentToolUseId: 't' });
    html += renderer.push(use('g', { name: 'Grep', toolKind: 'search', parentToolUseId: 't' }));
    html += renderer.push(result('g', { name: 'Grep', toolKind: 'search', parentToolUseId: 't' }));
    expect(html).not.toContain('<details');
    html += renderer.push(result('t', { name: 'Task', toolKind: 'think' }));
    // The subagent's work is nested in the Task's details, between its input and its output.
    expect(html).toMatch(/^<section class="turn"><h2>Turn 1<\/h2>\n<details class="tool success"><summary><span class="tool-name">Task<\/span>.*<div class="subagent" role="group" aria-label="Subagent">\n<div class="text" data-parent-tool-use-id="t" title="Subagent of call t"><p>sub work<\/p><\/div>\n<details class="tool success" data-parent-tool-use-id="t" title="Subagent of call t"><summary><span class="tool-name">Grep<\/span>.*<\/details>\n<\/div><p class="label">Output<\/p>.*content of t<\/code><\/pre><\/details>\n$/s);
    expect(count(html + renderer.end(), /<details class="tool/g)).toBe(2);
  });

  it("writes a subagent's block still streaming when its Task's result arrives inside the call, before it closes", () => {
    const events: DisplayEvent[] = [
      { kind: 'session', phase: 'start', sessionId: 's1' },
      { kind: 'prompt', form: 'prompt', text: 'look around' },
      use('t', { name: 'Task', toolKind: 'think' }),
      { kind: 'text', id: 's', text: 'sub ', parentToolUseId: 't' },
      // The block has not ended (no later event of the subagent) when the result comes.
      { kind: 'text', id: 's', text: 'work', parentToolUseId: 't' },
      result('t', { name: 'Task', toolKind: 'think' }),
    ];
    const html = render(events);
    const child = '<div class="text" data-parent-tool-use-id="t" title="Subagent of call t"><p>sub work</p></div>';
    expect(count(html, /sub work/g)).toBe(1);
    expect(html).toContain(`<div class="subagent" role="group" aria-label="Subagent">\n${child}\n</div><p class="label">Output</p>`);
    expect(html.indexOf(child)).toBeGreaterThan(html.indexOf('<details class="tool success">'));
    expect(html.indexOf(child)).toBeLessThan(html.indexOf('</details>'));
  });

  it('marks a call unfinished in place when its session ends without its result', () => {
    const html = render([use('a'), { kind: 'usage', cumulative: false, inputTokens: 1 }, { kind: 'session', phase: 'end', status: 'success' }, { kind: 'session', phase: 'start', sessionId: 'next' }, { kind: 'text', id: 'x', text: 'next request' }]);
    expect(html).toMatch(/<details class="tool unfinished">.*<aside class="session-details".*next request/s);
    expect(count(html, /<details/g)).toBe(1);
  });

  it('writes a call as waiting once too much output is held behind it, and its result later', () => {
    const events: DisplayEvent[] = [use('slow')];
    for (let i = 0; i < 3000; i += 1) events.push({ kind: 'notice', level: 'info', message: `progress ${i} ${'x'.repeat(100)}` });
    events.push(result('slow'));
    const html = render(events);
    expect(count(html, /<details class="tool waiting">/g)).toBe(1);
    expect(html).toContain('<details class="tool-late success"><summary>Result of <span class="tool-name">Read</span> <code class="tool-arg">slow.ts</code> <span class="tool-status">— Read slow.ts (13 chars)</span>');
    expect(html.indexOf('progress 2999')).toBeGreaterThan(html.indexOf('tool waiting'));
    expect(html.indexOf('progress 2999')).toBeLessThan(html.indexOf('tool-late'));
  });

  it('marks a waiting call whose result never came unfinished at the end', () => {
    const events: DisplayEvent[] = [use('a')];
    for (let i = 0; i < 3000; i += 1) events.push({ kind: 'notice', level: 'info', message: 'x'.repeat(100) });
    const html = render(events);
    expect(html).toContain('<details class="tool waiting">');
    expect(html).toContain('<p class="tool-late unfinished">Result of <span class="tool-name">Read</span>');
  });

  it('shows a result whose call was never announced under its own name', () => {
    const html = render([result('lost', { status: 'error', details: { errorMessage: 'boom' } })]);
    expect(html).toContain('<details class="tool error"><summary><span class="tool-name">Read</span> <span class="tool-status">— Error: boom</span></summary>');
  });

  it('holds a bounded number of calls, however many never end', () => {
    const renderer = createHtmlFragmentRenderer();
    let out = '';
    for (let i = 0; i < 200; i += 1) out += renderer.push(use(`c${i}`));
    expect(count(out, /<details class="tool waiting">/g)).toBe(195);
    out += renderer.end();
    expect(count(out, /<details class="tool /g)).toBe(200);
  });
});

describe('createHtmlFragmentRenderer: structure and totals', () => {
  it('shows a run without a prompt as one turn, its steps after tool results inside it, and closes every section it opens', () => {
    const html = render(sampleRun());
    expect(count(html, /<section class="turn">/g)).toBe(1);
    expect(count(html, /<\/section>/g)).toBe(1);
    expect([...html.matchAll(/<h2>(Turn \d+)<\/h2>/g)].map((m) => m[1])).toEqual(['Turn 1']);
    expect(count(html, /<details[^>]*>/g)).toBe(count(html, /<\/details>/g));
  });

  it('ignores kinds it does not know', () => {
    const events = sampleRun();
    const known = events.filter((event) => event.kind !== ('future-kind' as string));
    expect(render(events)).toBe(render(known));
    expect(render([{ kind: 'mystery', text: '<b>x</b>' } as unknown as DisplayEvent])).toBe('');
  });

  it('highlights errors and shows notices', () => {
    const html = render([
      { kind: 'error', message: 'quota <exceeded>', fatal: true, code: 'E429' },
      { kind: 'notice', level: 'info', message: 'retrying' },
    ]);
    expect(html).toContain('<div class="error-message" role="alert"><strong>Fatal error:</strong> <code>E429</code> quota &lt;exceeded&gt;</div>');
    expect(html).toContain('<p class="notice info" role="status"><strong>Notice:</strong> retrying</p>');
  });

  it('adds usage increments and replaces with cumulative totals', () => {
    const renderer = createHtmlFragmentRenderer();
    renderer.push({ kind: 'usage', cumulative: false, inputTokens: 10, outputTokens: 1, costUsd: 0.5 });
    renderer.push({ kind: 'usage', cumulative: false, inputTokens: 5, costUsd: 0.25 });
    expect(renderer.totals().usage).toMatchObject({ inputTokens: 15, outputTokens: 1, costUsd: 0.75 });
    renderer.push({ kind: 'usage', cumulative: true, inputTokens: 100, outputTokens: 20, costUsd: 2 });
    renderer.push({ kind: 'usage', cumulative: true, inputTokens: 100, outputTokens: 20, costUsd: 2 });
    expect(renderer.totals().usage).toMatchObject({ inputTokens: 100, outputTokens: 20, costUsd: 2 });
    expect(renderer.summaryHtml()).toContain('<dt>Tokens</dt><dd>100 input · 20 output</dd>');
    expect(renderer.summaryHtml()).toContain('<dt>Cost</dt><dd>$2.00</dd>');
  });

  it('counts in its summary the turns its headings number, whatever the session end reports', () => {
    const renderer = createHtmlFragmentRenderer();
    // What comes before the first prompt is in the first turn; the prompt after it opens no other.
    let html = renderer.push({ kind: 'notice', level: 'info', message: 'banner' });
    html += renderer.push({ kind: 'prompt', form: 'prompt', text: 'list' });
    html += renderer.push({ kind: 'tool-use', id: 't', name: 'Bash', toolName: 'bash', toolKind: 'execute', arg: 'ls', input: {} });
    html += renderer.push({ kind: 'tool-result', id: 't', name: 'Bash', toolKind: 'execute', status: 'success', outputState: 'empty', details: {} });
    html += renderer.push({ kind: 'text', id: 'b', text: 'done' });
    html += renderer.push({ kind: 'prompt', form: 'prompt', text: 'thanks' });
    html += renderer.push({ kind: 'session', phase: 'end', turns: 7, durationMs: 1500, status: 'success' });
    html += renderer.end();
    expect([...html.matchAll(/<h2>(Turn \d+)<\/h2>/g)].map((m) => m[1])).toEqual(['Turn 1', 'Turn 2']);
    expect(renderer.totals()).toMatchObject({ turns: 2, durationMs: 1500, status: 'success' });
    expect(renderer.summaryHtml()).toBe(
      '<footer class="run-footer"><h2>Summary</h2><dl class="run-details"><div><dt>Status</dt><dd>completed</dd></div><div><dt>Duration</dt><dd>1.5 s</dd></div>' +
        '<div><dt>Turns</dt><dd>2</dd></div><div><dt>Tool calls</dt><dd>1</dd></div><div><dt>Errors</dt><dd>0</dd></div>' +
        '<div><dt>Tokens</dt><dd>unknown input · unknown output</dd></div><div><dt>Cost</dt><dd>unknown</dd></div></dl></footer>',
    );
  });

  it('renders a session start as details outside the turns', () => {
    const html = render([{ kind: 'session', phase: 'start', sessionId: 's1', model: 'm' }, { kind: 'text', id: 'a', text: 'x' }]);
    expect(html.startsWith('<aside class="session-details" aria-label="Session details"><dl class="run-details"><div><dt>Model</dt><dd>m</dd></div><div><dt>Session</dt><dd><code>s1</code></dd></div></dl></aside>\n<section class="turn">')).toBe(true);
  });
});
