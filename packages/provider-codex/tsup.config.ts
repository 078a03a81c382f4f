import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

// The detectors are entries of their own (`@x/provider-codex/detect` and `/log-detect`): xview
// loads every provider's detector at start-up, and a parser only once it is chosen.
export default defineConfig(packageBuild(import.meta.dirname, { entry: ['src/index.ts', 'src/detect.ts', 'src/log-detect.ts'] }));
