/*
 * The serve bench's processes (`node serve-child.js <mode> <home> [big log | listing file] [search dir]`):
 *
 * - `serve`: `xview serve`'s server (@x/serve's startServer with the built-in
 *   stores and the sources below), no search index, keeping its listing in
 *   the listing file as `xview serve` does in its cache folder, and with a
 *   search dir building its search index there in the background, as
 *   `xview serve` does by default; prints its address and
 *   token as one JSON line, answers a line "cpu" with its CPU time so far, then on a line "stop" from standard input closes
 *   and prints its peak RSS (sampled every 50 ms, and the kernel's at exit).
 * - `baseline`: the same run's baselines in a fresh process: `listSessions`
 *   directly (first call, then again), and the plain byte scan of the large
 *   log (its first 64 KiB, and all of it). Prints one JSON line.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { DisplayEventSource } from '@x/core';
import { claudeSessionStore, claudeSource } from '@x/provider-claude';
import { codexSessionStore, codexSource } from '@x/provider-codex';
import { copilotLogSource, copilotSessionStore } from '@x/provider-copilot';
import { geminiSessionStore, geminiSource } from '@x/provider-gemini';
import { openCodeLogSource, openCodeSessionStore } from '@x/provider-opencode';
import { startServer } from '@x/serve';
import { listSessions, type SessionSources } from '@x/sessions';

/** The stores `xview serve` registers, in its order. */
export const STORES = [claudeSessionStore, codexSessionStore, geminiSessionStore, openCodeSessionStore, copilotSessionStore];

/**
 * What reads each agent's logs. The generated Claude, Codex and Gemini logs
 * are those agents' stream formats (what the bench's generators write), so
 * their stream sources read them, as the search bench's do; Copilot's log is
 * its stream, read by its log source as `xview serve` reads it.
 */
const SOURCES: SessionSources = {
  claude: claudeSource as DisplayEventSource,
  codex: codexSource,
  gemini: geminiSource,
  opencode: openCodeLogSource,
  copilot: copilotLogSource,
};

export const FIRST_SCREEN_BYTES = 64 * 1024;

async function serve(home: string, listingFile: string, searchDir: string | undefined): Promise<void> {
  let peakRss = 0;
  const sample = () => void (peakRss = Math.max(peakRss, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 50);
  const server = await startServer({
    home,
    env: {},
    stores: STORES,
    sources: SOURCES,
    listingFile,
    ...(searchDir === undefined ? {} : { searchDir }),
    onError: (error) => process.stderr.write(`serve: ${String(error)}\n`),
  });
  process.stdout.write(`${JSON.stringify({ origin: server.origin, token: server.token })}\n`);
  // "cpu" asks for the CPU time used so far (so the parent can charge each request its CPU), "stop" ends.
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === 'stop') break;
    const used = process.cpuUsage();
    if (line.trim() === 'cpu') process.stdout.write(`${JSON.stringify({ cpuMs: (used.user + used.system) / 1000 })}\n`);
  }
  await server.close();
  clearInterval(sampler);
  sample();
  process.stdout.write(`${JSON.stringify({ peakRssBytes: peakRss, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
}

const ms = (start: number) => performance.now() - start;

async function baseline(home: string, big: string): Promise<void> {
  let start = performance.now();
  const first = await listSessions({ home, env: {}, stores: STORES, subagents: true });
  const listColdMs = ms(start);
  start = performance.now();
  await listSessions({ home, env: {}, stores: STORES, subagents: true });
  const listWarmMs = ms(start);
  start = performance.now();
  const file = await open(big);
  await file.read(Buffer.alloc(FIRST_SCREEN_BYTES), 0, FIRST_SCREEN_BYTES, 0);
  await file.close();
  const headReadMs = ms(start);
  start = performance.now();
  let bytes = 0;
  for await (const chunk of createReadStream(big)) bytes += (chunk as Buffer).length;
  const scanMs = ms(start);
  const found = first.find((s) => s.path === big);
  process.stdout.write(
    `${JSON.stringify({ sessions: first.length, bigKey: found?.key ?? found?.id, listColdMs, listWarmMs, headReadMs, scanMs, scanBytes: bytes })}\n`,
  );
}

const [mode, home, big, searchDir] = process.argv.slice(2) as [string, string, string | undefined, string | undefined];
if (mode === 'serve') await serve(home, big as string, searchDir);
else if (mode === 'baseline') await baseline(home, big as string);
else throw new Error(`unknown mode ${mode}`);
