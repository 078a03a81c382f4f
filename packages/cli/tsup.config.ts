import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

export default defineConfig(packageBuild(import.meta.dirname, { entry: ['src/index.ts', 'src/bin.ts', 'src/site-worker.ts'], platform: 'node' }));
