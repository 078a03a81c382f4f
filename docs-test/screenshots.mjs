// Regenerates docs/images/*.png from the current renderer: `pnpm screenshots`
// after `pnpm build` (it builds nothing). It renders the fixtures with the
// built xview and photographs them with Debian's Chromium through playwright-core
// (no browser is downloaded): the terminal output, the HTML page of a run, the
// site `xview site` makes of past sessions (index and one session), and the
// app `xview serve` serves over the same sessions (list and one session).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(import.meta.dirname, '..');
const IMAGES = join(ROOT, 'docs', 'images');
const XVIEW = join(ROOT, 'packages', 'cli', 'dist', 'bin.cjs');
const RUN = join(ROOT, 'fixtures', 'claude', 'read-edit-run.jsonl');
const work = mkdtempSync(join(tmpdir(), 'x-screenshots-'));
const home = join(work, 'home');

const xview = (args, env = {}) =>
  execFileSync(process.execPath, [XVIEW, ...args], { encoding: 'utf8', env: { ...process.env, HOME: home, COLUMNS: '100', ...env } });

// The 16 colours of a dark terminal theme; xview's renderer uses only SGR codes (colour, bold, dim, reset).
const COLOURS = ['#2e3436', '#ef2929', '#8ae234', '#fce94f', '#729fcf', '#ad7fa8', '#34e2e2', '#eeeeec'];

/**
 * SGR escape codes to HTML spans. A library (ansi_up, anser) is not in the
 * workspace, and xview's output needs only this: foreground colours, bold,
 * dim and reset, each closing the previous span.
 */
function ansiToHtml(text) {
  const style = { color: undefined, bold: false, dim: false };
  let html = '';
  for (const part of text.split(/(\x1b\[[0-9;]*m)/)) {
    const codes = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (codes === null) html += styled(part, style);
    else for (const code of (codes[1] || '0').split(';').map(Number)) applySgr(style, code);
  }
  return html;
}

function styled(part, style) {
  const text = part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const css = [style.color && `color:${style.color}`, style.bold && 'font-weight:bold', style.dim && 'opacity:0.6'].filter(Boolean).join(';');
  return css === '' ? text : `<span style="${css}">${text}</span>`;
}

function applySgr(style, code) {
  if (code === 0) Object.assign(style, { color: undefined, bold: false, dim: false });
  else if (code === 1) style.bold = true;
  else if (code === 2) style.dim = true;
  else if (code === 22) Object.assign(style, { bold: false, dim: false });
  else if (code === 39) style.color = undefined;
  else if (code >= 30 && code <= 37) style.color = COLOURS[code - 30];
  else if (code >= 90 && code <= 97) style.color = COLOURS[code - 90];
}

function sessionsHome() {
  const project = join(home, '.claude', 'projects', '-work-demo');
  mkdirSync(project, { recursive: true });
  for (const name of ['crud', 'synthetic-blocks']) copyFileSync(join(ROOT, 'fixtures', 'claude-log', `${name}.jsonl`), join(project, `${name}.jsonl`));
}

const terminal = xview(['--verbose', '--show-content', '--color', RUN]);
const terminalPage = join(work, 'terminal.html');
writeFileSync(
  terminalPage,
  `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e"><pre id="t" style="display:inline-block;margin:0;padding:16px 20px;color:#eeeeec;background:#1e1e1e;font:14px/1.4 'DejaVu Sans Mono',monospace">${ansiToHtml(terminal)}</pre>`,
);
const runPage = join(work, 'run.html');
xview(['--html', runPage, RUN]);
sessionsHome();
const site = join(work, 'site');
xview(['site', site]);
const sessionPage = join(site, 'sessions', readdirSync(join(site, 'sessions')).find((name) => name.endsWith('.html')) ?? '');

/** Starts the built `xview serve` over the same home; resolves with its address (token included) and the process. */
function startServe() {
  const child = spawn(process.execPath, [XVIEW, 'serve'], {
    env: { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, '.cache') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ url: out.split('\n')[0], child });
    });
  });
}

// The copies were written just now, and a log changed in the last two minutes shows as running: date them back.
const copied = join(home, '.claude', 'projects', '-work-demo');
for (const name of readdirSync(copied)) utimesSync(join(copied, name), new Date('2026-01-06T10:00:00Z'), new Date('2026-01-06T10:00:00Z'));
const serve = await startServe();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(terminalPage).href);
  await page.locator('#t').screenshot({ path: join(IMAGES, 'terminal-verbose.png') });
  await page.goto(pathToFileURL(runPage).href);
  await page.screenshot({ path: join(IMAGES, 'html-page.png'), fullPage: true });
  await page.goto(pathToFileURL(join(site, 'index.html')).href);
  await page.screenshot({ path: join(IMAGES, 'sessions-index.png') });
  await page.goto(pathToFileURL(sessionPage).href);
  await page.screenshot({ path: join(IMAGES, 'sessions-page.png') });
  // The list shows each session's status and duration once the search index has read it (built in the background).
  await page.goto(serve.url);
  while ((await page.$('.x-pending')) !== null) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page.reload();
  }
  await page.screenshot({ path: join(IMAGES, 'serve-list.png') });
  await page.click('table.x-list a');
  await page.waitForSelector('section.turn');
  await page.screenshot({ path: join(IMAGES, 'serve-session.png') });
} finally {
  await browser.close();
  serve.child.kill('SIGINT');
}
console.log(
  `wrote ${['terminal-verbose', 'html-page', 'sessions-index', 'sessions-page', 'serve-list', 'serve-session'].map((name) => `docs/images/${name}.png`).join(', ')}`,
);
