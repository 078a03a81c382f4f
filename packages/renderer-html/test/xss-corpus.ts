import type { DisplayEvent } from '@x/core';

/**
 * Hostile strings: each would run script, load something or break out of its
 * context if a renderer let it through. Script payloads set
 * `window.__pwned` or call `alert`; load payloads point at a port on
 * 127.0.0.1 nothing listens on, so a browser test sees the request.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<img src="http://127.0.0.1:9/img.png">',
  '<svg onload="window.__pwned=1"></svg>',
  '<svg><script>window.__pwned=1</script></svg>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<iframe src="javascript:parent.__pwned=1"></iframe>',
  '<a href="javascript:window.__pwned=1">click</a>',
  '</style><script>window.__pwned=1</script>',
  '</title><script>window.__pwned=1</script>',
  '</textarea></pre></code><script>window.__pwned=1</script>',
  '<style>body{background:url(http://127.0.0.1:9/css.png)}</style>',
  '<div style="background:url(javascript:window.__pwned=1)">x</div>',
  '<div style="background-image:url(http://127.0.0.1:9/bg.png)">x</div>',
  '" onmouseover="window.__pwned=1" x="',
  "' onfocus='window.__pwned=1' autofocus x='",
  '"><script>window.__pwned=1</script>',
  "'><img src=x onerror=window.__pwned=1>",
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](JaVaScRiPt:window.__pwned=1)',
  '[x](javascript&#58;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[x](vbscript:msgbox(1))',
  '[x](//127.0.0.1:9/protocol-relative)',
  '[x](https://ok.example/"onclick="alert(1))',
  '[**x**](https://ok.example/a?b=1&c=<script>)',
  '![img](http://127.0.0.1:9/md-img.png)',
  '<https://ok.example" onclick="alert(1)>',
  '`<script>window.__pwned=1</script>`',
  '```html" onmouseover="window.__pwned=1\n<script>window.__pwned=1</script>\n```',
  '<base href="http://127.0.0.1:9/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="http://127.0.0.1:9/x.css">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle="window.__pwned=1"><summary>x</summary></details>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=1>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">',
  '<!--<img src=x onerror=window.__pwned=1>-->',
  '&lt;script&gt;window.__pwned=1&lt;/script&gt;',
  '\u0000<script>window.__pwned=1</script>',
  '<plaintext>',
  '{{constructor.constructor("window.__pwned=1")()}}',
  '__proto__',
  // The text of a strong word, which the fast Markdown path once wrote as it was.
  '**a<img src=x onerror=window.__pwned=1>b**',
  '**a<meta http-equiv=refresh content=0;url=http://127.0.0.1:9/strong-meta>b**',
  '**a<link rel=prefetch href=http://127.0.0.1:9/strong-prefetch>b**',
  '- **a<a href=http://127.0.0.1:9/strong-a autofocus onfocus=window.__pwned=1>b**',
];

/**
 * One run that puts `payload` in every string field of every event kind
 * (ids, names, previews, inputs, outputs, paths, messages, codes, models),
 * including enum fields that an unvalidated event could carry, and through
 * every path: merged call, waiting call with a late result, orphan result,
 * unfinished call, subagent events, and an unknown kind.
 */
export function hostileRun(payload: string, n: number): DisplayEvent[] {
  const p = payload;
  const id = (suffix: string) => `${p}#${n}-${suffix}`;
  const details = { path: `${p}.html`, stderr: p, errorMessage: p, changes: [{ path: p, change: p }] };
  const events: unknown[] = [
    { kind: 'session', phase: 'start', sessionId: p, model: p, cwd: p, agentVersion: p },
    { kind: 'reasoning', id: id('r'), text: p },
    { kind: 'text', id: id('t'), text: p },
    { kind: 'text', id: id('t'), text: `\n\n${p}` },
    { kind: 'tool-use', id: id('a'), name: p, toolName: p, toolKind: p, arg: p, input: { [p]: p, list: [p], nested: { path: p } } },
    { kind: 'tool-result', id: id('a'), name: p, toolKind: 'read', status: p, outputState: 'text', output: p, details },
    { kind: 'tool-use', id: id('b'), name: p, toolName: p, toolKind: 'execute', arg: p, input: p },
    { kind: 'text', id: id('t2'), text: p, parentToolUseId: id('b') },
    { kind: 'tool-result', id: id('b'), name: p, toolKind: 'execute', status: 'error', outputState: p, output: p, details },
    { kind: 'tool-result', id: id('orphan'), name: p, toolKind: 'read', status: 'success', outputState: 'empty', output: '', details },
    { kind: 'tool-use', id: id('c'), name: p, toolName: p, toolKind: 'edit', arg: p, input: { content: p }, parentToolUseId: p },
    { kind: 'tool-result', id: id('c'), name: p, toolKind: 'edit', status: 'success', outputState: 'unavailable', details: { path: p } },
    { kind: 'usage', cumulative: false, model: p, inputTokens: 1 },
    { kind: 'error', message: p, fatal: p, code: p },
    { kind: 'notice', level: p, message: p, code: p },
    { kind: 'notice', level: 'warning', message: p },
    { kind: p, text: p, message: p },
    { kind: 'session', phase: 'start', sessionId: p, model: p },
    { kind: 'session', phase: 'end', status: p, result: p, durationMs: 1 },
    { kind: 'tool-use', id: id('open'), name: p, toolName: p, toolKind: 'other', arg: p, input: { p } },
  ];
  return events as DisplayEvent[];
}

/** Every payload's hostile run, one after another. */
export function hostileCorpus(): DisplayEvent[] {
  return XSS_PAYLOADS.flatMap((payload, n) => hostileRun(payload, n));
}
