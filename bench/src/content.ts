import type { Random } from './random.js';

/*
 * What agents read, write, run and say, built from fragments picked at random
 * so that 1 GB of it is cheap to make and never repeats in lockstep. Sizes
 * follow what a real run shows: most files and outputs are a few KB, a few are
 * hundreds; some command output carries ANSI colours, some text is not ASCII.
 */

const CODE_LINES = [
  "import { readFile } from 'node:fs/promises';",
  "import type { Options } from './options.js';",
  'export interface Config {',
  '  readonly name: string;',
  '  retries?: number;',
  '}',
  'export async function load(path: string): Promise<Config> {',
  "  const text = await readFile(path, 'utf8');",
  '  return JSON.parse(text) as Config;',
  '  if (value === undefined) return fallback;',
  '  for (const item of items) {',
  '    total += item.price * item.quantity;',
  '  }',
  '  // Keep the order stable: callers rely on it.',
  '  const sorted = [...entries].sort((a, b) => a.key.localeCompare(b.key));',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} in source text a tool printed, not a template
  "  throw new TypeError(`expected a string, got ${typeof value}`);",
  '  return { ...state, status: "done", finishedAt: Date.now() };',
  '',
  '/** Cuts `text` to `max` characters, ending with an ellipsis. */',
  'export const DEFAULT_TIMEOUT_MS = 30_000;',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${…} in source text a tool printed, not a template
  "  const greeting = `Grüße, ${name}! — 你好`;",
  '    case "tool_use":',
  '      return handleToolUse(block, context);',
  '  await Promise.all(tasks.map((task) => task.run()));',
  "describe('slugify', () => {",
  "  it('folds accents: Crème brûlée → creme-brulee', () => {",
  "    expect(slugify('Crème brûlée')).toBe('creme-brulee');",
  '  });',
  '});',
  '\tconst legacy = require("./legacy");',
  'def parse_args(argv: list[str]) -> argparse.Namespace:',
  '    parser.add_argument("--verbose", action="store_true")',
  'SELECT id, name FROM users WHERE created_at > $1 ORDER BY id;',
];

const OUTPUT_LINES = [
  '> demo@1.4.2 test',
  '> vitest run',
  ' ✓ test/slugify.test.ts (12 tests) 4ms',
  ' ✓ test/config.test.ts (7 tests) 11ms',
  ' ❯ test/retry.test.ts (3 tests | 1 failed) 1203ms',
  '   × retries three times before giving up',
  "     → expected 2 to be 3 // Object.is equality",
  ' Test Files  14 passed (14)',
  '      Tests  212 passed (212)',
  '   Duration  3.41s (transform 512ms, setup 0ms, collect 2.10s, tests 1.33s)',
  'src/retry.ts(41,7): error TS2322: Type \'string\' is not assignable to type \'number\'.',
  'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.',
  'added 412 packages, and audited 413 packages in 9s',
  'found 0 vulnerabilities',
  '  Compiling serde v1.0.210',
  '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 12.61s',
  'diff --git a/src/retry.ts b/src/retry.ts',
  '@@ -38,7 +38,7 @@ export async function retry<T>(',
  '-  for (let attempt = 0; attempt < retries - 1; attempt++) {',
  '+  for (let attempt = 0; attempt < retries; attempt++) {',
  'total 48',
  'drwxr-xr-x  6 dev dev 4096 Jan 15 10:00 src',
  '-rw-r--r--  1 dev dev 1093 Jan 15 10:00 package.json',
];

/** Coloured lines, as a test runner prints them with FORCE_COLOR. */
const COLOURED_LINES = [
  '\u001b[32m ✓\u001b[39m test/slugify.test.ts \u001b[2m(12 tests)\u001b[22m \u001b[33m4ms\u001b[39m',
  '\u001b[31m ×\u001b[39m retries three times before giving up',
  '\u001b[1m\u001b[46m RUN \u001b[49m\u001b[22m \u001b[36mv3.2.4 \u001b[39m\u001b[90m/work/demo\u001b[39m',
];

const SENTENCES = [
  "I'll start by reading the module that builds the slugs.",
  'The retry loop stops one attempt early, which is why the third test fails.',
  'Let me check where `loadConfig` is called before changing its signature.',
  'The tests pass now: **212 passed**, none skipped.',
  'This keeps the public API the same; only the internal helper changes.',
  'Next, I will run the type checker to make sure nothing else depends on the old type.',
  'The file uses `node:fs/promises`, so the fix has to stay async.',
  'Found it: the comparison uses `==`, which lets `"0"` equal `0`.',
  'Résumé of the change — accents are folded before lowercasing (Crème → creme).',
  'I updated `src/retry.ts` and added a regression test in `test/retry.test.ts`.',
  'Two call sites pass a string timeout; I converted both to numbers.',
  '変更は小さいです。テストはすべて通りました。',
];

const THOUGHTS = [
  'The user wants the failing test fixed without changing the public API.',
  'I should look at how retries are counted: off by one is the likely cause.',
  'Reading the whole file is cheaper than grepping piecemeal here.',
  'If I change the default, callers that rely on it might break; check usages first.',
  'The error message mentions TS2322, so the type of `timeout` is wrong somewhere.',
  'Run the full suite after the edit, not just the one file.',
];

const DIRS = ['src', 'src/lib', 'src/commands', 'src/util', 'test', 'packages/core/src', 'packages/cli/src', 'scripts', 'docs'];
const NAMES = ['index', 'config', 'retry', 'slugify', 'parser', 'render', 'client', 'server', 'cache', 'types', 'errors', 'format', 'http', 'queue'];
const EXTS = ['.ts', '.ts', '.ts', '.tsx', '.js', '.md', '.json', '.py'];

/** Content builders sharing one random generator and one pool of paths. */
export interface Content {
  readonly random: Random;
  /** A path from a fixed pool of a few hundred, as a run keeps coming back to the same files. */
  path(): string;
  /** Source code of about `bytes` bytes, LF-terminated lines. */
  file(bytes: number): string;
  /** Command output of about `bytes` bytes; sometimes coloured. */
  output(bytes: number): string;
  /** grep-style `path:line:text` matches. */
  matches(count: number): string;
  /** Assistant prose (Markdown) of about `chars` characters. */
  prose(chars: number): string;
  /** Reasoning text of about `chars` characters. */
  thought(chars: number): string;
  /** A size for a tool's payload, by what the tool is. */
  size(kind: 'file' | 'output' | 'edit' | 'write' | 'text' | 'thought'): number;
  /** A short shell command. */
  command(): string;
}

export function createContent(random: Random): Content {
  const paths: string[] = [];
  for (let i = 0; i < 400; i++) paths.push(`/work/demo/${random.pick(DIRS)}/${random.pick(NAMES)}${i % 7 === 0 ? '' : `-${i}`}${random.pick(EXTS)}`);

  const lines = (pool: readonly string[], bytes: number, extra?: () => string | undefined): string => {
    let out = '';
    while (out.length < bytes) {
      out += `${extra?.() ?? random.pick(pool)}\n`;
    }
    return out;
  };

  return {
    random,
    path: () => random.pick(paths),
    file: (bytes) => lines(CODE_LINES, bytes),
    output(bytes) {
      const coloured = random.chance(0.1);
      return lines(OUTPUT_LINES, bytes, coloured ? () => (random.chance(0.3) ? random.pick(COLOURED_LINES) : undefined) : undefined);
    },
    matches(count) {
      let out = '';
      for (let i = 0; i < count; i++) out += `${random.pick(paths)}:${random.int(1, 400)}:${random.pick(CODE_LINES).trim()}\n`;
      return out;
    },
    prose(chars) {
      let out = '';
      while (out.length < chars) {
        out += `${random.pick(SENTENCES)} `;
        if (random.chance(0.15)) out += '\n\n';
        if (random.chance(0.05)) out += '\n- `src/retry.ts`: loop bound\n- `test/retry.test.ts`: new case\n\n';
        if (random.chance(0.03)) out += `\n\`\`\`ts\n${random.pick(CODE_LINES)}\n${random.pick(CODE_LINES)}\n\`\`\`\n`;
      }
      return out.trimEnd();
    },
    thought(chars) {
      let out = '';
      while (out.length < chars) out += `${random.pick(THOUGHTS)} `;
      return out.trimEnd();
    },
    size(kind) {
      switch (kind) {
        case 'file':
          // Mostly 0.5-20 KB, now and then a 100-250 KB file (a lockfile, a bundle, a big test).
          return random.chance(0.02) ? random.int(100_000, 250_000) : random.logInt(500, 20_000);
        case 'output':
          return random.chance(0.02) ? random.int(50_000, 120_000) : random.logInt(80, 12_000);
        case 'edit':
          return random.logInt(40, 2_500);
        case 'write':
          return random.logInt(800, 16_000);
        case 'text':
          return random.logInt(40, 900);
        case 'thought':
          return random.logInt(60, 1_500);
      }
    },
    command: () =>
      random.pick(['npm test', 'npx vitest run test/retry.test.ts', 'npx tsc --noEmit', 'git diff --stat', 'ls -la src', 'pnpm lint', 'cargo build', 'pytest -q tests/test_parser.py']),
  };
}

/** Claude's `cat -n` rendering of a file, as its Read tool returns it to the model. */
export function numbered(text: string): string {
  const rows = text.split('\n');
  if (rows[rows.length - 1] === '') rows.pop();
  let out = '';
  for (let i = 0; i < rows.length; i++) out += `${String(i + 1).padStart(6)}\t${rows[i]}${i === rows.length - 1 ? '' : '\n'}`;
  return out;
}

/** Splits text into streaming deltas of a few words each, as models stream them. */
export function deltas(random: Random, text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = random.int(3, 40);
    out.push(text.slice(at, at + size));
    at += size;
  }
  return out;
}
