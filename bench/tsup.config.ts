import { defineConfig } from 'tsup';

// Entries: the bench, the preload that reports a child's peak RSS, the search and serve benches and their children, and
// the floor as a process of its own (the end-to-end part).
// The @x packages stay external, so they are imported by name: their built dist.
export default defineConfig({
  entry: ['src/main.ts', 'src/rss-probe.ts', 'src/floor-child.ts', 'src/search.ts', 'src/search-child.ts', 'src/serve.ts', 'src/serve-child.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  splitting: false,
});
