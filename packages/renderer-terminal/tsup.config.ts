import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

// `@x/renderer-terminal/sanitize` is an entry of its own: xview neutralises
// its messages with it at start-up without loading the renderer (markdown-it).
export default defineConfig(packageBuild(import.meta.dirname, { entry: ['src/index.ts', 'src/sanitize.ts'] }));
