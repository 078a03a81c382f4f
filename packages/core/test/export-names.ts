import { readFileSync } from 'node:fs';

/**
 * The names an entry point exports as types only (`export type { A }` and
 * `export { type B }`), read from its source: `Object.keys` of the module
 * sees only values, and a type leaves the API as surely as a value does.
 */
export function exportedTypeNames(entry: URL): string[] {
  const text = readFileSync(entry, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const names: string[] = [];
  for (const match of text.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    for (const raw of (match[2] ?? '').split(',')) {
      const spec = raw.trim();
      if (spec === '') continue;
      if (match[1] !== undefined) names.push(spec);
      else if (spec.startsWith('type ')) names.push(spec.slice('type '.length).trim());
    }
  }
  return names.sort();
}
