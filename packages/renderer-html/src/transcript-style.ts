/*
 * Colours are chosen for a contrast of at least 4.5:1 (WCAG AA for body text)
 * against their background in both schemes; the browser tests measure it.
 * Everything is scoped to `.x-transcript` so that a page embedding fragments
 * keeps its own styles.
 */
const RULES = [
  '.x-transcript{--x-bg:#ffffff;--x-fg:#1f2328;--x-muted:#57606a;--x-border:#d0d7de;--x-panel:#f6f8fa;--x-link:#0550ae;--x-accent:#0969da;--x-error-fg:#82071e;--x-error-bg:#ffebe9;--x-error-line:#cf222e;--x-warn-fg:#6c4400;--x-warn-bg:#fff8c5;--x-warn-line:#bf8700;--x-sub-line:#8250df;color:var(--x-fg);background:var(--x-bg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}',
  '@media (prefers-color-scheme:dark){.x-transcript{--x-bg:#0d1117;--x-fg:#e6edf3;--x-muted:#9ea7b3;--x-border:#3d444d;--x-panel:#161b22;--x-link:#58a6ff;--x-accent:#58a6ff;--x-error-fg:#ffb1aa;--x-error-bg:#2d1215;--x-error-line:#f85149;--x-warn-fg:#e3b341;--x-warn-bg:#272115;--x-warn-line:#bb8009;--x-sub-line:#a371f7}}',
  'body.x-transcript{margin:0}',
  'body.x-transcript>header,body.x-transcript>main,body.x-transcript>footer{max-width:60rem;margin:0 auto;padding:1rem 1.25rem}',
  '.x-transcript h1{font-size:1.5rem;margin:0 0 .5rem}',
  '.x-transcript h2{font-size:1.1rem;margin:0 0 .5rem;color:var(--x-muted)}',
  '.x-transcript h3,.x-transcript h4,.x-transcript h5,.x-transcript h6{font-size:1rem;margin:1rem 0 .25rem}',
  '.x-transcript a{color:var(--x-link)}',
  '.x-transcript code,.x-transcript pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.875em}',
  '.x-transcript :not(pre)>code{background:var(--x-panel);border-radius:4px;padding:.1em .3em}',
  '.x-transcript pre{background:var(--x-panel);border:1px solid var(--x-border);border-radius:6px;padding:.75rem;overflow:auto;max-height:32rem;white-space:pre}',
  '.x-transcript dl.run-details{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:0}',
  '.x-transcript dl.run-details>div{display:contents}',
  '.x-transcript dt{color:var(--x-muted)}',
  '.x-transcript dd{margin:0}',
  '.x-transcript .run-header{border-bottom:1px solid var(--x-border)}',
  '.x-transcript .run-footer{border-top:1px solid var(--x-border);margin-top:1rem;padding-top:.5rem}',
  '.x-transcript .session-details{margin:0 0 1rem;padding:.5rem .75rem;border:1px solid var(--x-border);border-radius:6px}',
  '.x-transcript .turn{padding:1rem 0;border-top:1px solid var(--x-border)}',
  '.x-transcript .turn:first-child{border-top:0}',
  '.x-transcript .text{margin:.5rem 0}',
  '.x-transcript .text>:first-child{margin-top:0}',
  '.x-transcript .text>:last-child{margin-bottom:0}',
  '.x-transcript .streaming{white-space:pre-wrap}',
  '.x-transcript details{border:1px solid var(--x-border);border-radius:6px;margin:.5rem 0;background:var(--x-bg)}',
  '.x-transcript summary{cursor:pointer;padding:.35rem .75rem;border-radius:6px}',
  '.x-transcript summary:focus-visible{outline:2px solid var(--x-accent);outline-offset:2px}',
  '.x-transcript details[open]>summary{border-bottom:1px solid var(--x-border);border-radius:6px 6px 0 0}',
  '.x-transcript details>:not(summary),.x-transcript details>.text{margin:.75rem}',
  '.x-transcript .tool-name{font-weight:600}',
  '.x-transcript .tool-arg{overflow-wrap:anywhere}',
  '.x-transcript .tool-status{color:var(--x-muted)}',
  '.x-transcript .tool.error{border-color:var(--x-error-line)}',
  '.x-transcript .tool.error .tool-status,.x-transcript .tool-late.error .tool-status{color:var(--x-error-fg)}',
  '.x-transcript .tool.unfinished,.x-transcript .tool-late.unfinished{border-style:dashed;border-color:var(--x-warn-line)}',
  '.x-transcript .label{margin:.75rem .75rem .25rem;font-size:.875rem;color:var(--x-muted)}',
  '.x-transcript dl.tool-meta{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;font-size:.875rem}',
  '.x-transcript .reasoning{color:var(--x-muted)}',
  '.x-transcript .reasoning>summary{font-style:italic}',
  '.x-transcript .error-message{border-left:4px solid var(--x-error-line);background:var(--x-error-bg);color:var(--x-error-fg);padding:.5rem .75rem;margin:.5rem 0;border-radius:0 6px 6px 0}',
  '.x-transcript .notice{border-left:4px solid var(--x-border);padding:.25rem .75rem;margin:.5rem 0;color:var(--x-muted)}',
  '.x-transcript .notice.warning{border-left-color:var(--x-warn-line);background:var(--x-warn-bg);color:var(--x-warn-fg)}',
  '.x-transcript .prompt{border-left:4px solid var(--x-accent);background:var(--x-panel);padding:.5rem .75rem;margin:0 0 .75rem;border-radius:0 6px 6px 0}',
  '.x-transcript .prompt.interrupt{border-left-color:var(--x-warn-line)}',
  '.x-transcript .prompt-label{margin:0;font-size:.875rem;font-weight:600;color:var(--x-muted)}',
  '.x-transcript .prompt-text{white-space:pre-wrap;font-weight:600}',
  '.x-transcript [data-parent-tool-use-id]{margin-left:1.5rem;padding-left:.75rem;border-left:2px dashed var(--x-sub-line)}',
  '.x-transcript .subagent>[data-parent-tool-use-id]{margin-left:0;padding-left:0;border-left:0}',
  '.x-transcript .subagent{border-left:2px dashed var(--x-sub-line);padding-left:.75rem}',
  '.x-transcript blockquote{margin:.5rem 0;padding:0 1rem;border-left:4px solid var(--x-border);color:var(--x-muted)}',
  '.x-transcript table{border-collapse:collapse;margin:.5rem 0;display:block;overflow:auto;max-width:100%}',
  '.x-transcript th,.x-transcript td{border:1px solid var(--x-border);padding:.25rem .6rem;vertical-align:top}',
  '.x-transcript th{background:var(--x-panel)}',
  '.x-transcript .align-left{text-align:left}.x-transcript .align-center{text-align:center}.x-transcript .align-right{text-align:right}',
  // Highlighting and diff colours: GitHub's palettes, each at least 4.5:1 on the code panel in its scheme.
  '.x-transcript{--x-hl-keyword:#cf222e;--x-hl-string:#0a3069;--x-hl-comment:#57606a;--x-hl-number:#0550ae;--x-hl-title:#8250df;--x-hl-type:#953800;--x-hl-tag:#116329;--x-add-fg:#116329;--x-add-bg:#dafbe1;--x-del-fg:#82071e;--x-del-bg:#ffebe9}',
  '@media (prefers-color-scheme:dark){.x-transcript{--x-hl-keyword:#ff7b72;--x-hl-string:#a5d6ff;--x-hl-comment:#9ea7b3;--x-hl-number:#79c0ff;--x-hl-title:#d2a8ff;--x-hl-type:#ffa657;--x-hl-tag:#7ee787;--x-add-fg:#aff5b4;--x-add-bg:#033a16;--x-del-fg:#ffdcd7;--x-del-bg:#67060c}}',
  '.x-transcript .hljs-keyword,.x-transcript .hljs-selector-tag,.x-transcript .hljs-meta .hljs-keyword,.x-transcript .hljs-doctag{color:var(--x-hl-keyword)}',
  '.x-transcript .hljs-string,.x-transcript .hljs-regexp,.x-transcript .hljs-meta .hljs-string{color:var(--x-hl-string)}',
  '.x-transcript .hljs-comment,.x-transcript .hljs-quote,.x-transcript .hljs-meta{color:var(--x-hl-comment)}',
  '.x-transcript .hljs-number,.x-transcript .hljs-literal,.x-transcript .hljs-attr,.x-transcript .hljs-attribute,.x-transcript .hljs-variable,.x-transcript .hljs-symbol{color:var(--x-hl-number)}',
  '.x-transcript .hljs-title,.x-transcript .hljs-section{color:var(--x-hl-title)}',
  '.x-transcript .hljs-type,.x-transcript .hljs-built_in,.x-transcript .hljs-params{color:var(--x-hl-type)}',
  '.x-transcript .hljs-name,.x-transcript .hljs-selector-id,.x-transcript .hljs-selector-class,.x-transcript .hljs-bullet{color:var(--x-hl-tag)}',
  '.x-transcript .hljs-addition{color:var(--x-add-fg);background:var(--x-add-bg)}.x-transcript .hljs-deletion{color:var(--x-del-fg);background:var(--x-del-bg)}',
  '.x-transcript .hljs-emphasis{font-style:italic}.x-transcript .hljs-strong{font-weight:600}',
  // Each line is its own span followed by a newline: inline-block at full width colours the whole line without a second line break.
  '.x-transcript pre.diff>code>span{display:inline-block;min-width:100%}',
  '.x-transcript .diff-add{color:var(--x-add-fg);background:var(--x-add-bg)}',
  '.x-transcript .diff-del{color:var(--x-del-fg);background:var(--x-del-bg)}',
  '.x-transcript .diff-hunk{color:var(--x-muted)}',
  '.x-transcript .diff-stat{font-size:.875em;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}',
  '.x-transcript .diff-stat .added{color:var(--x-add-fg)}.x-transcript .diff-stat .removed{color:var(--x-del-fg)}',
  '.x-transcript .rendered-at{color:var(--x-muted)}',
  '@media print{.x-transcript{--x-bg:#ffffff;--x-fg:#000000;--x-muted:#333333;--x-border:#999999;--x-panel:#ffffff;--x-link:#000000;--x-error-fg:#000000;--x-error-bg:#ffffff;--x-warn-fg:#000000;--x-warn-bg:#ffffff;font-size:11pt}.x-transcript pre{max-height:none;overflow:visible;white-space:pre-wrap}.x-transcript details,.x-transcript pre{break-inside:avoid}.x-transcript summary{list-style:none}.x-transcript a[href]::after{content:" (" attr(href) ")"}}',
  // Kept apart: a browser that does not know ::details-content drops only this rule.
  '@media print{.x-transcript details::details-content{content-visibility:visible;display:block}}',
];

/**
 * The stylesheet of a transcript: light and dark through
 * `prefers-color-scheme`, a print layout, and nothing loaded from elsewhere.
 * It styles elements under `.x-transcript`; a page that shows fragments adds
 * this class to their container and this text in a `<style>` element.
 */
export const TRANSCRIPT_CSS: string = RULES.join('\n');

/**
 * The CSP source expression (`'sha256-...'`) of {@link TRANSCRIPT_CSS}, for a
 * `style-src` directive that allows exactly this stylesheet and no other
 * style, injected or not.
 */
export const TRANSCRIPT_CSS_HASH: string = "'sha256-CBYS+0gQ4mc0Ig7BJBLYHeBpqHAnOQf9zNhRbaBNmGc='";

/**
 * The Content-Security-Policy of a rendered document: nothing may load from
 * anywhere, no script runs, and the only style is the document's own. Images
 * only from `data:` URLs, for the document's empty icon, which keeps a
 * browser from asking the server for `/favicon.ico`.
 */
export const CONTENT_SECURITY_POLICY: string = `default-src 'none'; style-src ${TRANSCRIPT_CSS_HASH}; img-src data:; base-uri 'none'; form-action 'none'`;
