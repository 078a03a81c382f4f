import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * What `pnpm drift` compares between two recordings of an agent: the line
 * types and fields its JSON lines carry, what xview could not read, and what
 * xview shows for each scenario. xview is the built one
 * (packages/cli/dist/bin.cjs), run as a user runs it.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const XVIEW = join(ROOT, 'packages', 'cli', 'dist', 'bin.cjs');

/** xview's `--plugin` arguments for plugins named relative to the repository (built: xview imports their `dist`). */
const pluginArgs = (plugins: readonly string[]) => plugins.flatMap((plugin) => ['--plugin', join(ROOT, plugin)]);

/** Line types, each with the fields its lines carry (top level, and one level into the object that holds the content). */
export type Shapes = Map<string, Set<string>>;

const INNER = ['payload', 'data', 'message', 'item', 'part', 'properties'];

function typeKey(line: Record<string, unknown>): string {
  const inner = INNER.map((key) => line[key]).find((value) => typeof value === 'object' && value !== null) as Record<string, unknown> | undefined;
  const sub = typeof line.subtype === 'string' ? line.subtype : typeof inner?.type === 'string' ? inner.type : undefined;
  return `${String(line.type ?? '(no type)')}${sub === undefined ? '' : `/${sub}`}`;
}

/** Adds the shapes of a file's JSON lines to `shapes`. */
export function addShapes(file: string, shapes: Shapes): void {
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      continue;
    }
    const key = typeKey(line);
    const fields = shapes.get(key) ?? new Set<string>();
    for (const [name, value] of Object.entries(line)) {
      fields.add(name);
      if (INNER.includes(name) && typeof value === 'object' && value !== null && !Array.isArray(value)) for (const inner of Object.keys(value)) fields.add(`${name}.${inner}`);
    }
    shapes.set(key, fields);
  }
}

/** The JSON line files of a recording: stdout streams and session logs. */
export function recordingFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => join(dir, name));
}

/** What xview prints on standard output for `args`, whatever its exit code (a failed run exits non-zero and prints all the same). */
function xview(args: readonly string[]): string {
  try {
    return execFileSync(process.execPath, [XVIEW, ...args], { encoding: 'utf8', env: { ...process.env, XVIEW_CODE_CACHE: '0' }, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

/** What xview could not read in a file: unknown, malformed and cut-off lines, by reason. */
export function unreadOf(file: string, plugins: readonly string[] = []): { unknown: number; malformed: number; partial: number; reasons: string[] } {
  const out = xview([...pluginArgs(plugins), '--summary', '--json', file]);
  const lines = (JSON.parse(out) as { lines: { unknown: number; malformed: number; partial: number; reasons: Record<string, number> } }).lines;
  return { unknown: lines.unknown, malformed: lines.malformed, partial: lines.partial, reasons: Object.keys(lines.reasons) };
}

/** What xview shows of a file, one short line per event: kind, tool and status. */
export function sequenceOf(file: string, plugins: readonly string[] = []): string[] {
  return xview([...pluginArgs(plugins), '--events', file])
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { kind: string; name?: string; status?: string; phase?: string })
    .map((event) => [event.kind, event.name, event.status ?? event.phase].filter((part) => part !== undefined).join(' '));
}
