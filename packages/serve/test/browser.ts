import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core as the repository's other browser tests do. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const hasChromium = existsSync(CHROMIUM_PATH);

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A page that records what must never happen: a dialog, a script error, a request to another origin. */
export async function watchedPage(browser: Browser, origin: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  watchPage(page, origin, problems);
  return { page, problems };
}

/** Records into `problems` what must never happen on `page`: a dialog, a script error, a request to another origin. */
export function watchPage(page: Page, origin: string, problems: string[]): void {
  page.on('dialog', (d) => {
    problems.push(`dialog ${d.message()}`);
    void d.dismiss();
  });
  page.on('pageerror', (e) => problems.push(`error ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) problems.push(`request ${r.url()}`);
  });
}

/** A Claude log line of assistant text, as writeClaude's lines carry them. */
export function claudeTextLine(sessionId: string, uuid: string, text: string): string {
  const line = {
    sessionId,
    cwd: '/work/app',
    gitBranch: 'main',
    version: '2.1.3',
    userType: 'external',
    isSidechain: false,
    type: 'assistant',
    uuid,
    parentUuid: 'a1',
    timestamp: new Date().toISOString(),
    requestId: `req_${uuid}`,
    message: {
      id: `msg_${uuid}`,
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text }],
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  };
  return `${JSON.stringify(line)}\n`;
}
