import { defineConfig } from 'tsup';

// ESM only, with types and source maps. `@x/core` is a peer dependency, so
// tsup leaves it external: the app's own copy is the one that runs.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
});
