import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const core = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'packages', 'core', 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  define: { __X_VERSION__: JSON.stringify(core.version) },
  resolve: { conditions: ['source', 'module', 'import', 'default'] },
  ssr: { resolve: { conditions: ['source', 'module', 'import', 'default'] } },
  // One fixed fast-check seed, as in every package (tooling/fast-check-setup.ts).
  // The files share one module graph, as in every package (tooling/vitest.ts says why).
  test: { include: ['src/**/*.test.ts'], testTimeout: 180_000, isolate: false, setupFiles: [join(import.meta.dirname, '..', 'tooling', 'fast-check-setup.ts'), join(import.meta.dirname, '..', 'tooling', 'yield-between-tests.ts')] },
});
