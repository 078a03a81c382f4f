import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STREAM_DIR, writeStream } from './generate.js';
import { GENERATORS, type StreamGenerator } from './generators/index.js';
import { createRandom } from './random.js';

/** The five agents whose logs the search bench generates, by their generators' ids. */
export const SEARCH_AGENTS = ['claude', 'codex', 'gemini', 'opencode', 'copilot'] as const;

/** A generated session, as the index is told about it. */
export interface GeneratedSession {
  id: string;
  agent: string;
  path: string;
  size: number;
  mtimeMs: number;
}

/** Bumped when the home's layout or content changes, so a cached one is made again. */
const HOME_VERSION = 1;

/**
 * A directory of `count` session logs, the five agents in turn, each its
 * generator's wire format from content of its own seed, sizes spread evenly
 * from 20% to 180% of the mean so the total is about `totalBytes`. Cached
 * under the bench's stream folder: the same arguments give the same bytes.
 */
export function generateSearchHome(count: number, totalBytes: number): { dir: string; sessions: GeneratedSession[] } {
  const dir = join(STREAM_DIR, `search-home-${count}-${totalBytes}-v${HOME_VERSION}`);
  const listFile = join(dir, 'sessions.json');
  if (existsSync(listFile)) return { dir, sessions: JSON.parse(readFileSync(listFile, 'utf8')) as GeneratedSession[] };
  const random = createRandom(count);
  const mean = totalBytes / count;
  const sessions: GeneratedSession[] = [];
  for (let i = 0; i < count; i++) {
    const agent = SEARCH_AGENTS[i % SEARCH_AGENTS.length] as string;
    const generator = GENERATORS.find((g) => g.id === agent) as StreamGenerator;
    mkdirSync(join(dir, agent), { recursive: true });
    const path = join(dir, agent, `${String(i).padStart(6, '0')}.jsonl`);
    writeStream(generator, Math.round(mean * (0.2 + 1.6 * random.next())), path, 1000 + i);
    const stat = statSync(path);
    sessions.push({ id: `${agent}-${i}`, agent, path, size: stat.size, mtimeMs: stat.mtimeMs });
    if (i % 500 === 499) process.stderr.write(`search home: ${i + 1}/${count} sessions\n`);
  }
  writeFileSync(`${listFile}.tmp`, JSON.stringify(sessions));
  renameSync(`${listFile}.tmp`, listFile);
  return { dir, sessions };
}
