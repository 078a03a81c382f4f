import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

// createDomRenderer names DOM types; the reference keeps the .d.ts usable in
// projects whose own lib has no DOM (Node-only consumers with skipLibCheck off).
export default defineConfig(packageBuild(import.meta.dirname, { dts: { banner: '/// <reference lib="dom" />' } }));
