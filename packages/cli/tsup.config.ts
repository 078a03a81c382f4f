import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

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

// xview is one bundle: the @x packages and the libraries they use are
// compiled in, so `npm install -g` of the packed cli needs no @x package from
// the registry (the scope is not published yet), and starting it resolves and
// reads a handful of files, not the 200 of zod, markdown-it, highlight.js and
// diff as separate modules (70% of xview's start-up before; bench/FINDINGS.md).
// They are bundled from their sources, like the tests run them; all @x
// packages carry one version (a fixed changeset group), so `__X_VERSION__` is
// right for each. Code splitting loads each part when a call needs it: a
// provider's parser and zod when it is chosen, the terminal renderer for
// terminal output, the HTML renderer (highlight.js) for --html, @x/sessions
// for its commands, and markdown-it (a CommonJS bundle of its own, required
// synchronously) when a renderer first parses Markdown. zod stays a dependency for the types:
// `DisplayEvent` is a type inferred from a zod schema, so the inlined public
// types import zod's. sql.js stays one too: its WebAssembly file is loaded
// from its package.
export default defineConfig([
  packageBuild(import.meta.dirname, {
    entry: ['src/index.ts', 'src/bin.ts', 'src/site-worker.ts'],
    platform: 'node',
    noExternal: [
      /^@x\//,
      ...['picocolors', 'string-width', 'strip-ansi', 'ansi-regex', 'emoji-regex', 'get-east-asian-width'],
      /^zod(\/|$)/,
      /^highlight\.js(\/|$)/,
      /^diff(\/|$)/,
    ],
    splitting: true,
    // Everything but the markdown-it bundle the second build writes beside.
    clean: ['**/*', '!markdown-it.cjs*'],
    async onSuccess() {
      if (existsSync(DIST)) writeThirdPartyLicenses();
    },
    esbuildOptions(options) {
      options.conditions = ['source', 'module', 'import', 'default'];
      // markdown-it loads on first use, from the CommonJS bundle below (src/markdown-it-lazy.ts).
      options.alias = { 'markdown-it': './src/markdown-it-lazy.ts' };
    },
    // Mapped by path, the @x sources count as this package's own code, so their types are inlined, not imported.
    dts: { entry: 'src/index.ts', compilerOptions: { baseUrl: '.', paths: { '@x/core/provider-utils': ['../core/src/provider-utils.ts'], '@x/*': ['../*/src/index.ts'] } } },
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
