import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/capture.ts', 'src/drift.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: false,
  sourcemap: true,
  clean: true,
});
