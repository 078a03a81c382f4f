import fc from 'fast-check';

const ESC = '\u001b';

/**
 * Content an agent may have read from a hostile file or page: terminal escape
 * sequences, control characters, bidi overrides, and HTML/script injection.
 * Renderers must show all of it as inert text; sources must never throw on it.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  `${ESC}[2J${ESC}[H`,
  `${ESC}[10A${ESC}[2K`,
  `${ESC}]52;c;ZXZpbA==\u0007`,
  `${ESC}]8;;https://evil.example${ESC}\\click me${ESC}]8;;${ESC}\\`,
  `${ESC}]0;pwned\u0007${ESC}]2;pwned${ESC}\\`,
  '\u009b2J\u009d0;title\u009c',
  'safe text\rEVIL OVERWRITE',
  '\u202Egnp.exe\u202C \u2066isolate\u2069',
  '\u0000\u0007\b\u007f',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=1"></svg>',
  '[click](javascript:window.__pwned=1)',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '"><script>window.__pwned=1</script>',
  "'></style><script>window.__pwned=1</script>",
  '__proto__',
  'constructor',
  '😀日本\u0301\uFEFF',
];

const JSON_LEAVES = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER * 1e10),
  fc.string(),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constant([]),
  fc.constant({}),
);

/** Rewrites a JSON line: one field set to a hostile value, or the line truncated, or a `__proto__` key added. */
export function mutateLine(line: string): fc.Arbitrary<string> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = undefined;
  }
  const truncated = fc.nat({ max: Math.max(0, line.length) }).map((n) => line.slice(0, n));
  if (typeof value !== 'object' || value === null) return truncated;
  const paths: string[][] = [];
  const walk = (node: unknown, path: string[], depth: number) => {
    if (depth > 6 || typeof node !== 'object' || node === null) return;
    for (const key of Object.keys(node)) {
      paths.push([...path, key]);
      walk((node as Record<string, unknown>)[key], [...path, key], depth + 1);
    }
  };
  walk(value, [], 0);
  const replaced =
    paths.length === 0
      ? truncated
      : fc.tuple(fc.constantFrom(...paths), JSON_LEAVES).map(([path, leaf]) => {
          const copy = JSON.parse(line) as Record<string, unknown>;
          let node: Record<string, unknown> = copy;
          for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
          node[path.at(-1) as string] = leaf;
          return JSON.stringify(copy);
        });
  const proto = fc.constant(line.replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},'));
  return fc.oneof(truncated, replaced, proto);
}
