#!/usr/bin/env node
// pnpm check:formats [provider ...]
//
// Type-checks every fixture line against the official packages named in
// docs/formats/README.md. Each provider has a module in ./providers that
// names the packages to install and generates a TypeScript file assigning
// each fixture line to the official type. The packages are installed into a
// folder under the system temp dir (outside the workspace) with
// --ignore-scripts --omit=optional, so no agent binary is fetched.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const fixturesDir = join(root, 'fixtures');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function fixturesOf(provider) {
  const dir = join(fixturesDir, provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(jsonl|json|sse)$/.test(f) && !f.endsWith('.events.json'))
    .sort()
    .map((file) => ({
      scenario: file.replace(/\.[^.]+$/, ''),
      file,
      path: join(dir, file),
      text: readFileSync(join(dir, file), 'utf8'),
      lines: readFileSync(join(dir, file), 'utf8')
        .split(/\r?\n/)
        .map((text, i) => ({ number: i + 1, text }))
        .filter((l) => l.text.trim() !== ''),
    }));
}

function install(provider, packages) {
  const key = createHash('sha256').update(packages.join(' ')).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), 'x-check-formats', `${provider}-${key}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `x-check-${provider}`, private: true, type: 'module' }));
  // A format with no published types (Copilot) is checked against a type written from its document alone.
  if (packages.length === 0) return dir;
  if (!existsSync(join(dir, 'node_modules', '.x-installed'))) {
    execFileSync('npm', ['install', '--ignore-scripts', '--omit=optional', '--no-audit', '--no-fund', '--loglevel=error', ...packages], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    writeFileSync(join(dir, 'node_modules', '.x-installed'), key);
  }
  return dir;
}

const wanted = process.argv.slice(2);
const modules = readdirSync(join(here, 'providers'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.replace(/\.mjs$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

let failed = 0;
for (const provider of modules) {
  const mod = await import(join(here, 'providers', `${provider}.mjs`));
  const fixtures = fixturesOf(mod.fixturesFolder ?? provider);
  if (fixtures.length === 0) {
    console.log(`check:formats ${provider}: no fixtures`);
    continue;
  }
  const dir = install(provider, mod.packages);
  const source = mod.generate(fixtures);
  const file = join(dir, 'fixtures.check.ts');
  writeFileSync(file, source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        skipLibCheck: true,
        types: [],
      },
      files: ['fixtures.check.ts'],
    }),
  );
  const lines = fixtures.reduce((n, f) => n + f.lines.length, 0);
  try {
    execFileSync(process.execPath, [tsc, '-p', dir], { stdio: 'pipe', encoding: 'utf8' });
    const exceptions = mod.exceptions?.length ? `; exceptions: ${mod.exceptions.join(', ')}` : '';
    console.log(`check:formats ${provider}: ${fixtures.length} fixtures, ${lines} lines type-check against ${mod.packages.join(', ') || 'the types written from its format document'}${exceptions}`);
  } catch (error) {
    failed += 1;
    console.error(`check:formats ${provider}: FAILED (generated file: ${file})\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
