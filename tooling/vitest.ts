import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const FAST_CHECK_SETUP = join(dirname(fileURLToPath(import.meta.url)), 'fast-check-setup.ts');
const YIELD_SETUP = join(dirname(fileURLToPath(import.meta.url)), 'yield-between-tests.ts');

/**
 * Shared vitest setup: tests run on `src` through the `source` export
 * condition (no build step in between), with the package version defined the
 * same way the build defines it, fast-check seeded once for every
 * property test (`fast-check-setup.ts`), and the event loop let run before
 * each test (`yield-between-tests.ts`).
 */
export function packageTest(packageDir: string, overrides: ViteUserConfig['test'] = {}): ViteUserConfig {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return defineConfig({
    define: { __X_VERSION__: JSON.stringify(pkg.version) },
    resolve: { conditions: ['source', 'module', 'import', 'default'] },
    ssr: { resolve: { conditions: ['source', 'module', 'import', 'default'] } },
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // The timeout only catches a hang; no test measures time. It is generous because a
      // two-core runner shared with other jobs took 34 s for a property test of about a second.
      testTimeout: 180_000,
      // The test files of a package share one module graph in their worker instead of loading
      // zod, the schemas and the sources again per file: a package's run takes about half the
      // time (core 41 s to 20 s, provider-claude 14 s to 7 s on the two-core runner). No test
      // relies on a fresh module state; a test that changes global state restores it.
      isolate: false,
      // xview keeps its compiled code in $XDG_CACHE_HOME/xview: the tests' runs of it keep theirs out of the user's home.
      env: { XDG_CACHE_HOME: join(tmpdir(), 'x-test-cache') },
      ...overrides,
      setupFiles: [FAST_CHECK_SETUP, YIELD_SETUP, ...toArray(overrides.setupFiles)],
    },
  });
}

function toArray(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
