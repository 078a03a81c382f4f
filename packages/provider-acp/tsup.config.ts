import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

// The detector is an entry of its own (`@x/provider-acp/detect`): xview loads every provider's
// detector at start-up, and a parser only once it is chosen.
export default defineConfig(packageBuild(import.meta.dirname, { entry: ['src/index.ts', 'src/detect.ts'] }));
