import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';

/** A URL prefix and the folder it serves. */
export interface ModuleRoot {
  prefix: string;
  dir: string;
}

const require = createRequire(import.meta.url);

function packageDir(name: string, from = require): string {
  return dirname(from.resolve(`${name}/package.json`));
}

/**
 * Where the browser gets its modules: the built ESM of `@x/core` and
 * `@x/renderer-html`, and zod, which `@x/core` imports at run time. zod is
 * found the way Node finds it from `@x/core`, so the page runs the very copy
 * the server does. Throws, saying what to run, when a package is not built.
 */
export function browserModuleRoots(): ModuleRoot[] {
  const core = packageDir('@x/core');
  const roots: ModuleRoot[] = [
    { prefix: '/modules/@x/core/', dir: join(core, 'dist') },
    { prefix: '/modules/@x/renderer-html/', dir: join(packageDir('@x/renderer-html'), 'dist') },
    { prefix: '/modules/zod/', dir: packageDir('zod', createRequire(join(core, 'package.json'))) },
  ];
  for (const root of roots) {
    if (!existsSync(join(root.dir, 'index.js'))) {
      throw new Error(`${join(root.dir, 'index.js')} is missing: build the packages the page imports with \`pnpm --filter x-example-web-viewer^... build\`.`);
    }
  }
  return roots;
}

/** The import map that lets the page's bare imports find the served modules. */
export function importMap(roots: readonly ModuleRoot[]): string {
  const imports: Record<string, string> = {};
  for (const root of roots) imports[root.prefix.slice('/modules/'.length, -1)] = `${root.prefix}index.js`;
  return JSON.stringify({ imports });
}

const MODULE_TYPES = new Map([
  ['.js', 'text/javascript; charset=utf-8'],
  ['.map', 'application/json; charset=utf-8'],
]);

/**
 * The file a module URL path names, with its content type, or `undefined`
 * when no root serves it: a path that leaves its root (`..`), a folder, or a
 * file that is not JavaScript or a source map.
 */
export async function readModule(roots: readonly ModuleRoot[], path: string): Promise<{ body: Buffer; type: string } | undefined> {
  const root = roots.find((candidate) => path.startsWith(candidate.prefix));
  if (root === undefined) return undefined;
  const file = normalize(join(root.dir, path.slice(root.prefix.length)));
  const type = MODULE_TYPES.get(extname(file));
  if (type === undefined || !file.startsWith(root.dir + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return { body: await readFile(file), type };
}
