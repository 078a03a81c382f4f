import { defineConfig } from 'tsup';

// Two entries: the bench, and the preload that reports a child's peak RSS.
// The @x packages stay external, so they are imported by name: their built dist.
export default defineConfig({
  entry: ['src/main.ts', 'src/rss-probe.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  splitting: false,
});
