/*
 * The search bench's measuring process (`node search-child.js <home> <index dir>`):
 * in one process, a plain scan of every log, the cold index build, updates
 * after one session grows, and searches; its peak RSS is sampled throughout
 * and the kernel's count read at the end. Prints one JSON report.
 */
import { appendFileSync, createReadStream, readFileSync, statSync } from 'node:fs';
import { type DisplayEvent, type DisplayEventSource, streamEvents } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openCodeSource } from '@x/provider-opencode';
import { type IndexedSession, openSearchIndex } from '@x/search';
import { createContent } from './content.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { createRandom } from './random.js';
import type { GeneratedSession } from './search-home.js';

const SOURCES: Record<string, DisplayEventSource> = {
  claude: claudeSource,
  codex: codexSource,
  gemini: geminiSource,
  opencode: openCodeSource,
  copilot: copilotSource,
};

/** Queries from the generated content's words: common ones (in most sessions), rarer ones, a phrase across fields, and one that matches nothing. */
export const SEARCH_QUERIES = [
  'slugify',
  'creme brulee',
  'TS2322 timeout',
  'inflight deprecated',
  'serde',
  '変更は小さいです',
  'retry',
  'loadConfig signature',
  'zyxwvutsrq',
];
const SEARCH_REPS = 5;
const GROWS = 5;

/** Wall and CPU seconds of one step. */
interface Timed<T> {
  value: T;
  wallSeconds: number;
  cpuSeconds: number;
}

async function timed<T>(run: () => Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { value, wallSeconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const readEvents = (session: IndexedSession): AsyncIterable<DisplayEvent> =>
  streamEvents(createReadStream(session.path), { source: SOURCES[session.agent] as DisplayEventSource });

async function scan(sessions: readonly GeneratedSession[]): Promise<number> {
  let bytes = 0;
  for (const session of sessions) for await (const chunk of createReadStream(session.path)) bytes += (chunk as Buffer).length;
  return bytes;
}

/** Every session's events through its agent's source, discarded: what the build must do before it indexes anything. */
async function parseAll(sessions: readonly GeneratedSession[]): Promise<number> {
  let events = 0;
  for (const session of sessions) for await (const _ of readEvents(session)) events++;
  return events;
}

/** Appends a round of new lines to a session's log, as an agent writing on would. */
function grow(session: GeneratedSession, n: number): GeneratedSession {
  const generator = GENERATORS.find((g) => g.id === session.agent) as StreamGenerator;
  const wire = generator.create(createContent(createRandom(7_000 + n)));
  wire.start();
  appendFileSync(session.path, `${wire.round(1).join('\n')}\n`);
  const stat = statSync(session.path);
  return { ...session, size: stat.size, mtimeMs: stat.mtimeMs };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(): Promise<void> {
  const [home, dir] = process.argv.slice(2) as [string, string];
  let peakRss = 0;
  const sample = () => void (peakRss = Math.max(peakRss, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 50);
  const sessions = JSON.parse(readFileSync(`${home}/sessions.json`, 'utf8')) as GeneratedSession[];
  const scanned = await timed(() => scan(sessions));
  const parsed = await timed(() => parseAll(sessions));
  const index = await openSearchIndex({ dir, readEvents });
  const built = await timed(() => index.update(sessions));
  const updates: number[] = [];
  const updateCpu: number[] = [];
  for (let n = 0; n < GROWS; n++) {
    const at = Math.floor((sessions.length * (n + 0.5)) / GROWS);
    sessions[at] = grow(sessions[at] as GeneratedSession, n);
    const updated = await timed(() => index.update(sessions));
    if (updated.value.read !== 1) throw new Error(`an update after one session grew read ${updated.value.read} sessions`);
    updates.push(updated.wallSeconds * 1000);
    updateCpu.push(updated.cpuSeconds * 1000);
  }
  const latencies: number[] = [];
  const hits: Record<string, number> = {};
  for (let rep = 0; rep < SEARCH_REPS; rep++)
    for (const query of SEARCH_QUERIES) {
      const searched = await timed(() => index.search(query));
      latencies.push(searched.wallSeconds * 1000);
      hits[query] = searched.value.length;
    }
  await index.close();
  clearInterval(sampler);
  sample();
  const report = {
    sessions: sessions.length,
    scan: { bytes: scanned.value, wallSeconds: scanned.wallSeconds, cpuSeconds: scanned.cpuSeconds },
    parse: { events: parsed.value, wallSeconds: parsed.wallSeconds, cpuSeconds: parsed.cpuSeconds },
    build: { ...built.value, wallSeconds: built.wallSeconds, cpuSeconds: built.cpuSeconds },
    updateMs: updates,
    updateCpuMs: updateCpu,
    search: { p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95), maxMs: Math.max(...latencies), hits },
    peakRssBytes: peakRss,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

await main();
