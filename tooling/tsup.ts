import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Options } from 'tsup';

/**
 * The one tsup setup every package builds with: ESM only, `.d.ts`, source
 * maps, and the package's own version compiled in as `__X_VERSION__` so that
 * `VERSION` needs no JSON import at run time.
 */
export function packageBuild(packageDir: string, overrides: Options = {}): Options {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return {
    entry: ['src/index.ts'],
    format: ['esm'],
    target: 'node20',
    platform: 'neutral',
    // Declarations read the @x packages this one imports from their built
    // dist/*.d.ts (turbo builds them first: `^build`), not from their sources
    // by the `source` condition: each package's declaration build then checks
    // only its own source, not again all of core's, which cost 2-4 s of CPU
    // per package. The emitted files are byte for byte the same.
    dts: { compilerOptions: { customConditions: [] } },
    sourcemap: true,
    clean: true,
    // esbuild's own tree-shaking only: tsup's `treeshake` runs rollup over
    // esbuild's output again, which cost about 1.4 CPU-s per package and 6 for
    // @x/cli's library build, and left nothing out that esbuild kept (the
    // packages are ESM with `sideEffects: false`; a consumer's bundler shakes
    // them again).
    treeshake: false,
    splitting: false,
    define: { __X_VERSION__: JSON.stringify(pkg.version) },
    ...overrides,
  };
}
