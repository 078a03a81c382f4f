import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';
import { BUNDLE_HEAD } from './src/code-cache.js';
import { lendImports } from './src/lend-import.js';

const DIST = join(import.meta.dirname, 'dist');

/**
 * Writes dist/THIRD-PARTY-NOTICES.md: the licence of every package bundled
 * into the chunks (BSD licences ask for the notice in every copy). Not named
 * *LICENSE*: pnpm pack adds the project's LICENSE only to a package that
 * ships no licence-like file. esbuild
 * names each bundled module in a `// <path>` comment; the packages are read
 * from those paths, so the list follows the bundle.
 */
function writeThirdPartyLicenses(): void {
  const dirs = new Set<string>();
  for (const file of readdirSync(DIST).filter((name) => /\.c?js$/.test(name))) {
    for (const match of readFileSync(join(DIST, file), 'utf8').matchAll(/^\/\/ (\S*node_modules\/(?:@[^/]+\/)?[^/@.][^/]*)\//gm)) dirs.add(match[1] as string);
  }
  const sections = [...dirs].sort().map((relative) => {
    const dir = join(import.meta.dirname, relative);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const file = readdirSync(dir).find((name) => /^licen[sc]e/i.test(name));
    const text = file === undefined ? `(${pkg.license ?? 'no licence'}: no licence file in the package)` : readFileSync(join(dir, file), 'utf8').trim();
    return `## ${pkg.name} ${pkg.version} (${pkg.license ?? 'unknown'})\n\n\`\`\`text\n${text}\n\`\`\`\n`;
  });
  const text = `# Third-party licences\n\nxview bundles these packages into dist/.\n\n${[...new Set(sections)].join('\n')}`;
  writeFileSync(join(DIST, 'THIRD-PARTY-NOTICES.md'), text);
}

/**
 * For the CommonJS bundle bin.ts compiles itself: every `import()` of a
 * module not bundled calls `__xview_import`, which bin.ts lends, instead
 * (src/lend-import.ts: a rewrite on the syntax tree, so strings, comments and
 * types that say `import(` are left alone). Only the @x sources are rewritten.
 */
const lendImport: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'lend-import',
  setup(build) {
    build.onLoad({ filter: /[\\/]packages[\\/][a-z-]+[\\/]src[\\/].*\.ts$/ }, async (args) => ({
      contents: lendImports(await readFile(args.path, 'utf8'), args.path),
      loader: 'ts',
    }));
  },
};

/**
 * Makes the bundle ASCII, so that bin.ts reads it as Latin-1 into a one-byte
 * string, with no UTF-8 decoding (esbuild leaves a few characters as they are
 * in regular expressions and comments; `\uXXXX` means the same there and in
 * strings); wraps it as the function bin.ts compiles (`BUNDLE_HEAD` on the
 * first line, so that the source map's lines still match, and `})` before the
 * source map's comment); and writes a hash of it into its first line, where
 * bin.ts reads which build it is (code-cache.ts).
 */
function markBuild(file: string): void {
  const ascii = readFileSync(file, 'utf8').replace(/[^\0-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const map = ascii.lastIndexOf('\n//# sourceMappingURL=');
  if (!ascii.startsWith(`${BUILD_MARK_PLACEHOLDER}\n`) || map < 0) throw new Error(`${file}: not the bundle tsup.config.ts expects`);
  const text = `${BUILD_MARK_PLACEHOLDER}${BUNDLE_HEAD}${ascii.slice(BUILD_MARK_PLACEHOLDER.length, map)}\n})${ascii.slice(map)}`;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  writeFileSync(file, text.replace(BUILD_MARK_PLACEHOLDER, `/* xview-build ${hash} */`));
}

const BUILD_MARK_PLACEHOLDER = '/* xview-build 0000000000000000 */';

/** What every xview build bundles in rather than loads from node_modules, and how it resolves it. */
const BUNDLED = {
  noExternal: [
    /^@x\//,
    ...['picocolors', 'string-width', 'strip-ansi', 'ansi-regex', 'emoji-regex', 'get-east-asian-width'],
    /^zod(\/|$)/,
    /^@agentclientprotocol\/sdk(\/|$)/,
    /^highlight\.js(\/|$)/,
    /^diff(\/|$)/,
    // The ACP SDK, for `xview acp` only: a chunk of its own, loaded with that command.
    /^@agentclientprotocol\/sdk(\/|$)/,
  ],
  platform: 'node',
} satisfies Options;

const resolveSources = (options: { conditions?: string[]; alias?: Record<string, string> }) => {
  options.conditions = ['source', 'module', 'import', 'default'];
  // markdown-it loads on first use, from the CommonJS bundle below (src/markdown-it-lazy.ts).
  options.alias = { 'markdown-it': './src/markdown-it-lazy.ts' };
};

// xview's code is bundled: the @x packages and the libraries they use are
// compiled in, so `npm install -g` of the packed cli needs no @x package from
// the registry (the scope is not published yet). They are bundled from their
// sources, like the tests run them; all @x packages carry one version (a
// fixed changeset group), so `__X_VERSION__` is right for each. Four builds:
// - the library (`import { runCli } from '@x/cli'`) and the site's worker:
//   ES modules, split so that each part loads when a call needs it;
// - the command: dist/xview.cjs, one CommonJS file that bin.ts compiles with
//   V8's code cache (code-cache.ts; a start costs about what Node's does), in
//   which a provider, a renderer or the session commands still load, and
//   build their zod schemas, only when a run needs them;
// - dist/bin.cjs, the command's entry (bin.ts), CommonJS too;
// - markdown-it as a CommonJS bundle of its own, required when a renderer
//   first parses Markdown: its 240 KB are compiled only then.
// zod stays a dependency for the types: `DisplayEvent` is a type inferred
// from a zod schema, so the inlined public types import zod's. sql.js stays
// one too: its WebAssembly file is loaded from its package.
export default defineConfig([
  packageBuild(import.meta.dirname, {
    ...BUNDLED,
    entry: ['src/index.ts', 'src/site-worker.ts'],
    splitting: true,
    // Everything but what the other builds write beside.
    clean: ['**/*', '!markdown-it.cjs*', '!xview.cjs*', '!bin.cjs*'],
    async onSuccess() {
      if (existsSync(DIST)) writeThirdPartyLicenses();
    },
    esbuildOptions: resolveSources,
    // Mapped by path, the @x sources count as this package's own code, so their types are inlined, not imported.
    dts: {
      entry: 'src/index.ts',
      compilerOptions: { baseUrl: '.', paths: { '@x/core/provider-utils': ['../core/src/provider-utils.ts'], '@x/*': ['../*/src/index.ts'] } },
    },
  }),
  packageBuild(import.meta.dirname, {
    ...BUNDLED,
    entry: { xview: 'src/main.ts' },
    format: ['cjs'],
    // esbuild's own output: a module loaded with import() runs, and requires
    // its node: modules, only then (rollup's tree-shaking pass hoists them all).
    treeshake: false,
    outExtension: () => ({ js: '.cjs' }),
    clean: false,
    dts: false,
    banner: { js: BUILD_MARK_PLACEHOLDER },
    esbuildPlugins: [lendImport],
    esbuildOptions(options) {
      resolveSources(options);
      // bin.ts passes the bundle's URL as this parameter of the function it compiles.
      options.define = { ...options.define, 'import.meta.url': '__xview_import_meta_url' };
    },
    async onSuccess() {
      markBuild(join(DIST, 'xview.cjs'));
    },
  }),
  packageBuild(import.meta.dirname, {
    entry: { bin: 'src/bin.ts' },
    format: ['cjs'],
    treeshake: false,
    outExtension: () => ({ js: '.cjs' }),
    platform: 'node',
    clean: false,
    dts: false,
  }),
  {
    entry: { 'markdown-it': 'src/markdown-it-bundle.ts' },
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    target: 'node20',
    platform: 'node',
    noExternal: [/^(markdown-it|entities|linkify-it|mdurl|uc\.micro|punycode\.js)(\/|$)/],
    sourcemap: true,
    clean: false,
    dts: false,
  },
]);
