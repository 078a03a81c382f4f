/*
 * Helpers for the replay tests of the recordings the capture lab makes from
 * the real CLIs (fixtures/<provider>/recorded/<version>/, lab/README.md):
 * each provider's recorded.test.ts states, per scenario, what a reader sees,
 * as one short line per event, derived by hand from the recording.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DisplayEvent } from '../packages/core/src/display-event.js';
import { FIXTURES_DIR } from './fixtures.js';

/** Numeric order of dotted versions (`2.0.77` < `2.1.332`). */
export function compareVersions(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The versions of `provider` the lab recorded, oldest first. */
export function recordedVersions(provider: string): string[] {
  return readdirSync(join(FIXTURES_DIR, provider, 'recorded')).sort(compareVersions);
}

/** The recorded folder of one version. */
export function recordedDir(provider: string, version: string): string {
  return join(FIXTURES_DIR, provider, 'recorded', version);
}

/**
 * The recorded standard outputs in a version's folder: `<scenario>.jsonl` (one
 * event a line) and `<scenario>.json` (one JSON document, from a version whose
 * only machine-readable mode is `--output-format json`), not the folder's
 * `provenance.json`; with `mode`, the runs in that other output mode instead
 * (`<scenario>~<mode>.json`, or `.jsonl` for a mode that prints lines; `pnpm
 * capture --mode`).
 */
export function recordedStreams(dir: string, mode?: string): string[] {
  const files = readdirSync(dir).filter((file) => file.endsWith('.jsonl') || (file.endsWith('.json') && file !== 'provenance.json'));
  return files.filter((file) => (mode === undefined ? !file.includes('~') : file.includes(`~${mode}.json`)));
}

/** The scenario a recorded standard output belongs to: its file name without `.jsonl`, `.json` or a mode's `~<mode>.json`. */
export function streamScenario(file: string): string {
  return file.replace(/(?:~[a-z-]+)?\.jsonl?$/, '');
}

/** One event as a short line: what a reader of the terminal output tells apart. */
export function brief(event: DisplayEvent): string {
  switch (event.kind) {
    case 'tool-use':
      return `use ${event.name}`;
    case 'tool-result':
      return `result ${event.name} ${event.status}`;
    case 'session':
      return event.phase === 'start' ? 'start' : `end ${event.status}`;
    case 'text':
      return `text ${event.text}`;
    default:
      return event.kind;
  }
}

/** The events as short lines; text streamed in pieces of one block is one line, as a reader sees it. */
export function briefs(events: readonly DisplayEvent[]): string[] {
  const out: string[] = [];
  let textId: string | undefined;
  for (const event of events) {
    if (event.kind === 'text' && event.id === textId) out[out.length - 1] += event.text;
    else out.push(brief(event));
    textId = event.kind === 'text' ? event.id : undefined;
  }
  return out;
}
