import { fileURLToPath } from 'node:url';
import { build, type BuildFailure } from 'esbuild';

// The same paths from src/ (tests) and from dist/ (the built server).
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const VIEWER_SCRIPT = fileURLToPath(new URL('../src/browser/viewer.js', import.meta.url));

function isBuildFailure(error: unknown): error is BuildFailure {
  return error instanceof Error && Array.isArray((error as Partial<BuildFailure>).errors);
}

/**
 * The page's one script: `src/browser/viewer.js` bundled by esbuild with
 * everything it imports (`@x/core`, `@x/renderer-html` and their own
 * dependencies, ESM and CommonJS alike) into a single browser ES module that
 * imports nothing. The page then needs no import map, and whatever a package
 * comes to depend on reaches the browser without the server knowing its name.
 * Packages are found the way Node finds them from this example. Throws one
 * line, saying what to run, when the build fails, typically because the
 * workspace packages are not built yet.
 *
 * @param entry The browser script to bundle: the viewer's own by default.
 */
export async function bundleViewerScript(entry = VIEWER_SCRIPT): Promise<string> {
  try {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: PACKAGE_DIR,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text ?? '';
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    const first = error.errors[0];
    const where = first?.location ? ` (${first.location.file})` : '';
    throw new Error(`cannot bundle the viewer script: ${first?.text ?? error.message}${where}; build the packages the page imports with \`pnpm --filter x-example-web-viewer^... build\`.`);
  }
}
