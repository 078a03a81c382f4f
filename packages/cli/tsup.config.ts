import { defineConfig } from 'tsup';
import { packageBuild } from '../../tooling/tsup.js';

// xview is one bundle: the @x packages and their small dependencies are
// compiled in, so `npm install -g` of the packed cli needs no @x package from
// the registry (the scope is not published yet). They are bundled from their
// sources, like the tests run them; all @x packages carry one version (a fixed
// changeset group), so `__X_VERSION__` is right for each. zod stays an
// ordinary dependency: `DisplayEvent` is a type inferred from a zod schema, so
// the inlined public types import zod's. The larger libraries the renderers
// and @x/sessions use (markdown-it, highlight.js, diff, and sql.js with its
// WebAssembly file) stay dependencies, installed from the registry.
export default defineConfig(
  packageBuild(import.meta.dirname, {
    entry: ['src/index.ts', 'src/bin.ts', 'src/site-worker.ts'],
    platform: 'node',
    noExternal: [/^@x\//, 'picocolors', 'string-width', 'strip-ansi', 'ansi-regex', 'emoji-regex', 'get-east-asian-width'],
    splitting: true,
    esbuildOptions(options) {
      options.conditions = ['source', 'module', 'import', 'default'];
    },
    // Mapped by path, the @x sources count as this package's own code, so their types are inlined, not imported.
    dts: { entry: 'src/index.ts', compilerOptions: { baseUrl: '.', paths: { '@x/core/provider-utils': ['../core/src/provider-utils.ts'], '@x/*': ['../*/src/index.ts'] } } },
  }),
);
