import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LENT_IMPORT, lendImports } from './lend-import.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('lendImports (the build step of dist/xview.cjs)', () => {
  it('rewrites a dynamic import of an unbundled module, and nothing else', () => {
    const source = [
      'const plugin = await import(pathToFileURL(entry).href);',
      "const crypto = await import('node:crypto');",
      "const local = await import('./run-inputs.js');",
      "const mine = await import('@x/provider-claude');",
      "type Module = typeof import('node:fs');",
      "const inString = 'import(workerData.module)';",
      'const inTemplate = `\nimport(workerData.module).then(run);\n`;',
      '// a comment that says import(x)',
      '/* import(y) */',
      'obj.import(z);',
    ].join('\n');
    const lent = lendImports(source, 'sample.ts');
    expect(lent.split('\n')).toEqual([
      `const plugin = await ${LENT_IMPORT}(pathToFileURL(entry).href);`,
      `const crypto = await ${LENT_IMPORT}('node:crypto');`,
      "const local = await import('./run-inputs.js');",
      "const mine = await import('@x/provider-claude');",
      "type Module = typeof import('node:fs');",
      "const inString = 'import(workerData.module)';",
      'const inTemplate = `',
      'import(workerData.module).then(run);',
      '`;',
      '// a comment that says import(x)',
      '/* import(y) */',
      'obj.import(z);',
    ]);
  });

  it("leaves the site worker's source string alone (the installed `xview site` once failed on it)", () => {
    const file = join(here, '../../sessions/src/site-workers.ts');
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('import(workerData.module)');
    expect(lendImports(source, file)).toBe(source);
  });

  it('rewrites the real dynamic imports of the sources the bundle holds', () => {
    const plugins = join(here, 'plugins.ts');
    const lent = lendImports(readFileSync(plugins, 'utf8'), plugins);
    expect(lent).toContain(`${LENT_IMPORT}(`);
    expect(lent).not.toMatch(/(?<![\w.])await import\(pathToFileURL/);
  });
});
