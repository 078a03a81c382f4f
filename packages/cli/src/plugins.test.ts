import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { ExitCode } from './exit-codes.js';
import type { CliStream } from './run-cli.js';
import { runCli } from './run-cli.js';

class Capture implements CliStream {
  text = '';
  isTTY = false;
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
  once(): this {
    return this;
  }
}

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

/** An empty config home, so that no plugin of the machine's user is loaded by a test. */
const EMPTY_CONFIG = mkdtempSync(join(tmpdir(), 'xview-config-'));

async function cli(argv: string[], cwd: string, stdin = '', env: Record<string, string> = { XDG_CONFIG_HOME: EMPTY_CONFIG }) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, { stdin: bytes(stdin), stdout, stderr, env, cwd });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** A source for lines `{"toy": "..."}`, written as a plugin built against contract `version` would be. */
function sourceModule(id: string, version = 'v1'): string {
  return `export const ${id.replace(/-/g, '_')}Source = {
  specificationVersion: '${version}', id: '${id}', displayName: '${id} agent', cadence: 'streaming',
  detect: (lines) => ({ confidence: lines.some((l) => l.includes('"${id}"')) ? 1 : 0, evidence: '${id} marker' }),
  createParser: () => ({
    parse: (line) => { const value = JSON.parse(line); return [{ kind: 'text', id: 'm', text: value['${id}'] }]; },
    flush: () => [{ kind: 'session', phase: 'end', status: 'success' }],
  }),
};
export const helper = () => 1;
`;
}

const MARKDOWN_RENDERER = `export default { renderers: [{
  specificationVersion: 'v1', id: 'shout', displayName: 'Shouting',
  create: ({ write }) => ({ specificationVersion: 'v1', write: (e) => e.kind === 'text' ? write(e.text.toUpperCase()) : undefined, end: () => write('[end]\\n') }),
}] };
`;

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xview-plugins-'));
  writeFileSync(join(dir, 'toy.mjs'), sourceModule('toy'));
  writeFileSync(join(dir, 'future.mjs'), sourceModule('future', 'v2'));
  writeFileSync(join(dir, 'shout.mjs'), MARKDOWN_RENDERER);
  writeFileSync(join(dir, 'throws.mjs'), `throw new Error('cannot start');\n`);
  writeFileSync(join(dir, 'nothing.mjs'), `export const answer = 42;\n`);
  return dir;
}

describe('xview --plugin', () => {
  it('loads a source from a path: it takes part in detection and in --provider', async () => {
    const dir = workspace();
    const detected = await cli(['--plugin', './toy.mjs'], dir, '{"toy":"hello"}\n');
    expect(detected).toEqual({ code: ExitCode.ok, stdout: 'hello\n', stderr: '' });
    const chosen = await cli(['--plugin', './toy.mjs', '--provider', 'toy'], dir, '{"toy":"again"}\n');
    expect(chosen.stdout).toBe('again\n');
  });

  it('refuses a plugin of another contract version by name, and goes on with the rest', async () => {
    const dir = workspace();
    const result = await cli(['--plugin', './future.mjs', '--plugin', './toy.mjs'], dir, '{"toy":"still here"}\n');
    expect(result.stderr).toBe(
      'xview: plugin ./future.mjs skipped: source "future" (future agent) declares specificationVersion "v2", but this @x/core implements contract "v1". Install versions of the plugin and @x/core built for the same contract version.\n',
    );
    expect(result.stdout).toBe('still here\n');
    expect(result.code).toBe(ExitCode.ok);
  });

  it('reports a plugin that is missing, throws on load or exports nothing usable, one line each', async () => {
    const dir = workspace();
    const result = await cli(['--plugin', './missing.mjs', '--plugin', './throws.mjs', '--plugin', './nothing.mjs', '--plugin', 'x-provider-absent', '--list-providers'], dir);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'xview: plugin ./missing.mjs skipped: no such file or directory',
      'xview: plugin ./throws.mjs skipped: cannot start',
      'xview: plugin ./nothing.mjs skipped: it exports no source (detect, createParser) and no renderer (id, create)',
      `xview: plugin x-provider-absent skipped: not installed in ${join(dir, 'node_modules')}`,
    ]);
    expect(result.code).toBe(ExitCode.ok);
    expect(result.stdout).toMatch(/^claude +Claude Code \(streaming\) +built-in$/m);
  });

  it('chooses a plugin renderer with --renderer, and refuses an id nothing provides', async () => {
    const dir = workspace();
    const shouted = await cli(['--plugin', './toy.mjs', '--plugin', './shout.mjs', '--renderer', 'shout'], dir, '{"toy":"quiet"}\n');
    expect(shouted).toEqual({ code: ExitCode.ok, stdout: 'QUIET[end]\n', stderr: '' });
    writeFileSync(join(dir, 'broken.mjs'), `export const broken = { specificationVersion: 'v1', id: 'broken', create() { throw new Error('no sink'); } };\n`);
    const broken = await cli(['--plugin', './toy.mjs', '--plugin', './broken.mjs', '--renderer', 'broken'], dir, '{"toy":"x"}\n');
    expect(broken).toEqual({ code: ExitCode.usage, stdout: '', stderr: 'xview: renderer "broken" of plugin ./broken.mjs failed to start: no sink\n' });
    const unknown = await cli(['--renderer', 'markdown'], dir, '{"toy":"x"}\n');
    expect(unknown.code).toBe(ExitCode.usage);
    expect(unknown.stderr).toBe('xview: unknown renderer "markdown". Choose one of: none is loaded; add one with --plugin.\n');
  });

  it('finds x-provider-* packages and config.json plugins in the user\'s xview folder, and lists where each came from', async () => {
    const dir = workspace();
    const home = mkdtempSync(join(tmpdir(), 'xview-home-'));
    const own = join(home, 'xview');
    const pkg = join(own, 'node_modules', '@acme', 'x-provider-acme');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@acme/x-provider-acme', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }));
    writeFileSync(join(pkg, 'dist', 'index.js'), sourceModule('acme'));
    writeFileSync(join(own, 'shout.mjs'), MARKDOWN_RENDERER);
    writeFileSync(join(own, 'config.json'), JSON.stringify({ plugins: ['./shout.mjs'] }));
    const env = { XDG_CONFIG_HOME: home };
    const listed = await cli(['--list-providers'], dir, '', env);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/^acme +acme agent \(streaming\) +@acme\/x-provider-acme$/m);
    expect(listed.stdout).toMatch(/^shout +Shouting \(renderer, --renderer shout\) +\.\/shout\.mjs$/m);
    const detected = await cli([], dir, '{"acme":"found"}\n', env);
    expect(detected.stdout).toBe('found\n');
    writeFileSync(join(own, 'config.json'), JSON.stringify({ plugins: './shout.mjs' }));
    const wrong = await cli([], dir, '{"acme":"still found"}\n', env);
    expect(wrong).toEqual({ code: ExitCode.ok, stdout: 'still found\n', stderr: `xview: ${join(own, 'config.json')}: "plugins" must be a list of package names or paths; ignored.\n` });
  });

  it('loads nothing of the current directory unasked: its node_modules, xview.config.json and package.json run no code', async () => {
    const dir = workspace();
    const marker = join(dir, 'PWNED');
    const evil = `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker)}, 'ran');\n${sourceModule('evil')}`;
    for (const name of ['x-provider-evil', 'x-renderer-evil']) {
      mkdirSync(join(dir, 'node_modules', name), { recursive: true });
      writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, type: 'module', main: 'index.js' }));
      writeFileSync(join(dir, 'node_modules', name, 'index.js'), evil);
    }
    writeFileSync(join(dir, 'evil.mjs'), evil);
    writeFileSync(join(dir, 'xview.config.json'), JSON.stringify({ plugins: ['./evil.mjs'] }));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', xview: { plugins: ['./evil.mjs', 'x-provider-evil'] } }));
    const sub = join(dir, 'src');
    mkdirSync(sub);
    const fixture = join(FIXTURES_DIR, 'claude', 'api-error');
    const expected = readFileSync(`${fixture}.output.txt`, 'utf8');
    for (const cwd of [dir, sub]) {
      const result = await cli([], cwd, readFileSync(`${fixture}.jsonl`, 'utf8'));
      expect(result.stdout).toBe(expected);
      expect(existsSync(marker)).toBe(false);
    }
    const listed = await cli(['--list-providers'], dir);
    expect(listed.stdout).not.toMatch(/evil/);
    expect(existsSync(marker)).toBe(false);
  });

  it('stops with one line and exit 2 when a plugin\'s module never settles', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'hang.mjs'), `await new Promise(() => {});\n${sourceModule('hang')}`);
    const result = await cli(['--plugin', './hang.mjs'], dir, '{"hang":"x"}\n', { XDG_CONFIG_HOME: EMPTY_CONFIG, XVIEW_PLUGIN_TIMEOUT_MS: '200' });
    expect(result).toEqual({
      code: ExitCode.usage,
      stdout: '',
      stderr: 'xview: plugin ./hang.mjs did not finish loading within 0.2 s; remove it or load it with --plugin only when needed.\n',
    });
  });
});
