import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleViewerScript } from './browser-bundle.js';

const PACKAGE_DIR = join(import.meta.dirname, '..');
const require = createRequire(join(PACKAGE_DIR, 'package.json'));
let bundle: string;

beforeAll(async () => {
  bundle = await bundleViewerScript();
}, 60_000);

/** Every import left in `code`, of any kind, found by letting esbuild treat them all as external. */
async function importsOf(code: string): Promise<string[]> {
  const result = await build({ stdin: { contents: code, loader: 'js' }, bundle: true, external: ['*'], format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent' });
  return Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((imported) => imported.path));
}

/** The `// <path>` comment esbuild writes above a bundled file, for package `name`'s built entry. */
function workspaceEntryComment(name: string): string {
  const dir = realpathSync(dirname(require.resolve(`${name}/package.json`)));
  return `\n// ${relative(PACKAGE_DIR, join(dir, 'dist', 'index.js'))}\n`;
}

describe('bundleViewerScript', () => {
  it('is one ES module that imports nothing: no bare specifier is left for the browser to resolve', async () => {
    expect(await importsOf(bundle)).toEqual([]);
    expect(bundle).not.toMatch(/^\s*(import|export)\b/m);
  });

  it('holds the viewer script, the built @x packages and every package they import, ESM and CommonJS', () => {
    expect(bundle).toContain('\n// src/browser/viewer.js\n');
    expect(bundle).toContain(workspaceEntryComment('@x/core'));
    expect(bundle).toContain(workspaceEntryComment('@x/renderer-html'));
    for (const name of ['zod', '@jest/diff-sequences', 'markdown-it', 'entities', 'linkify-it', 'mdurl', 'punycode.js', 'uc.micro', 'highlight.js']) {
      expect(bundle, name).toMatch(new RegExp(`\\n// \\S*node_modules/${name.replace('.', '\\.')}/`));
    }
    // highlight.js's `es/` entry re-exports its CommonJS build, which esbuild wraps.
    expect(bundle).toMatch(/\n\/\/ \S*node_modules\/highlight\.js\/lib\/core\.js\n/);
    expect(bundle).toContain('__commonJS');
  });

  it('fails with one line that says what to run when an import cannot be found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-web-viewer-bundle-'));
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, "import { nothing } from '@x/not-built';\nconsole.log(nothing);\n");
    try {
      const failure = await bundleViewerScript(entry).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      const message = (failure as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain('Could not resolve "@x/not-built"');
      expect(message).toContain(`(${relative(PACKAGE_DIR, realpathSync(entry))})`);
      expect(message).toMatch(/`pnpm --filter x-example-web-viewer\^\.\.\. build`\.$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
