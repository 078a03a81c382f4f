import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

// Two entry points, the contract and `@x/core/provider-utils`, built with
// code splitting so that the modules both use are one shared chunk rather
// than a copy in each (one `passthroughSource`, one set of schemas).
export default defineConfig(packageBuild(import.meta.dirname, { entry: ['src/index.ts', 'src/provider-utils.ts'], splitting: true }));
