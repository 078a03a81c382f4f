import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { FIXTURES_DIR } from './fixtures.js';

/** What a schema and its quickAccept wrapper both offer. */
interface SafeParser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: unknown[] } };
}

/** The JSON objects among a file's lines; other lines (stderr merged into a capture) are not lines for the schema. */
function objectLines(path: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) objects.push(value as Record<string, unknown>);
    } catch {
      // Not JSON.
    }
  }
  return objects;
}

/** Every JSON object line of a provider's fixtures, recorded ones included: the shapes the agents really print. */
export function wireObjectsOf(provider: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.jsonl')) objects.push(...objectLines(path));
    }
  };
  visit(join(FIXTURES_DIR, provider));
  return objects;
}

/** The paths of every object and array inside `value`, itself first. */
function containerPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null || path.length > 6) return out;
  out.push(path);
  for (const [key, item] of Object.entries(value)) containerPaths(item, [...path, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

/** Whether every field of zod's output holds the same value in the raw input: a reader of declared fields sees the same. */
function sameOnDeclared(parsed: unknown, raw: unknown): boolean {
  if (typeof parsed !== 'object' || parsed === null) return Object.is(parsed, raw);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) !== Array.isArray(parsed)) return false;
  return Object.entries(parsed).every(([key, value]) => key in raw && sameOnDeclared(value, (raw as Record<string, unknown>)[key]));
}

const hostileValue = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN, -0, '', '\u001b[31m'),
  fc.array(fc.string()),
  fc.anything(),
);

/** A recorded line with one field at any depth replaced, deleted, or joined by an undeclared or `__proto__` key. */
function mutatedLine(samples: readonly Record<string, unknown>[]) {
  return fc
    .record({ index: fc.nat(), at: fc.nat(), op: fc.constantFrom('set', 'delete', 'add', 'proto', 'none'), key: fc.string(), value: hostileValue })
    .map(({ index, at, op, key, value }) => {
      const line = JSON.parse(JSON.stringify(samples[index % samples.length])) as Record<string, unknown>;
      const paths = containerPaths(line);
      const path = paths[at % paths.length] ?? [];
      const target = path.reduce<Record<string | number, unknown>>((node, step) => node[step] as Record<string | number, unknown>, line);
      const keys = Object.keys(target);
      const chosen = keys[at % Math.max(keys.length, 1)];
      if (op === 'set' && chosen !== undefined) target[chosen] = value;
      else if (op === 'delete' && chosen !== undefined) delete target[chosen];
      else if (op === 'add') target[key] = value;
      else if (op === 'proto') Object.defineProperty(target, '__proto__', { value, enumerable: true, writable: true, configurable: true });
      return line;
    });
}

/**
 * Holds a quickAccept wrapper to its schema on a provider's real lines and on
 * hostile mutations of them (fixed seed): the same success, the same issues,
 * and the same value in every field zod returns. Returns how many lines the
 * quick check accepted by itself, so a test can show the property was exercised.
 */
export function expectQuickAgrees(schema: SafeParser, quick: SafeParser, samples: readonly Record<string, unknown>[], numRuns = 2000): number {
  let quickly = 0;
  const check = (value: unknown) => {
    const fast = quick.safeParse(value);
    const slow = schema.safeParse(value);
    expect(fast.success).toBe(slow.success);
    if (fast.success && fast.data === value && slow.data !== value) quickly += 1;
    if (fast.success) expect(sameOnDeclared(slow.data, fast.data)).toBe(true);
    else expect(fast.error?.issues).toEqual(slow.error?.issues);
  };
  for (const sample of samples) check(sample);
  fc.assert(fc.property(mutatedLine(samples), check), { numRuns });
  return quickly;
}
