import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

export default defineConfig(packageBuild(import.meta.dirname, { platform: 'node' }));
