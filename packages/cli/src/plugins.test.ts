import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { ExitCode } from './exit-codes.js';
import { runCli } from './run-cli.js';
import { Capture } from '../test/capture.js';

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

/** A session command run over `dir` as the home and working folder. */
async function sessionCli(argv: string[], dir: string, env: Record<string, string>) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, { stdin: bytes(''), stdout, stderr, env, cwd: dir, home: dir } as Parameters<typeof runCli>[1]);
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

/**
 * A session store of agent `id` whose one session lives in `toy.jsonl` of the
 * home's `.toy` folder, read by the toy source (`logSource`), written as a
 * plugin would: plain objects, no import. `extra` replaces fields.
 */
function storeModule(id: string, extra = ''): string {
  return `export const ${id.replace(/-/g, '_')}Store = {
  specificationVersion: 'v1', id: '${id}', displayName: '${id} agent', logSource: 'toy', envVariables: [],
  roots: ({ home, fs }) => [fs.join(home, '.toy')],
  list: async ({ home, fs }) => [{ agent: '${id}', id: '${id}-1', storage: 'file', path: fs.join(home, '.toy', 'toy.jsonl'), updatedAt: '2026-03-02T10:00:00.000Z', project: '/work/toy', title: 'Say hello', turns: 1, size: 16 }],
  open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
  ${extra}
};
`;
}

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
    // One module named twice (a relative and an absolute path) is one plugin, loaded once: no id of its is taken.
    const twice = await cli(['--plugin', './toy.mjs', '--plugin', join(dir, 'toy.mjs')], dir, '{"toy":"once"}\n');
    expect(twice).toEqual({ code: ExitCode.ok, stdout: 'once\n', stderr: '' });
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
      'xview: plugin ./nothing.mjs skipped: it exports no source (detect, createParser), no renderer (id, create) and no session store (roots, list, open)',
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
    expect(unknown.stderr).toBe('xview: unknown renderer "markdown". Choose one of: terminal, html, events, summary.\n');
  });

  it('registers the built-in renderers as plugins: chosen by id like a plugin\'s, and an id of theirs is taken', async () => {
    const dir = workspace();
    const stream = '{"toy":"hello"}\n';
    const events = await cli(['--plugin', './toy.mjs', '--events'], dir, stream);
    expect(await cli(['--plugin', './toy.mjs', '--renderer', 'events'], dir, stream)).toEqual(events);
    const summary = await cli(['--plugin', './toy.mjs', '--summary', '--json'], dir, stream);
    expect(JSON.parse(summary.stdout)).toMatchObject({ input: '-', provider: 'toy', toolCalls: [] });
    const listed = await cli(['--list-providers'], dir);
    expect(listed.stdout).toMatch(/^terminal +Terminal \(the default\) \(renderer, --renderer terminal\) +built-in$/m);
    expect(listed.stdout).toMatch(/^summary +Summary of each input \(--summary\) \(renderer, --renderer summary\) +built-in$/m);
    writeFileSync(join(dir, 'usurper.mjs'), `export const usurper = { specificationVersion: 'v1', id: 'terminal', create: () => ({ specificationVersion: 'v1', write() {}, end() {} }) };\n`);
    const taken = await cli(['--plugin', './toy.mjs', '--plugin', './usurper.mjs'], dir, stream);
    expect(taken).toEqual({ code: ExitCode.ok, stdout: 'hello\n', stderr: 'xview: plugin ./usurper.mjs skipped: a renderer with id "terminal" is already loaded from built-in\n' });
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

  it('drops what a plugin\'s parser returns that is no event, as a malformed line, in every output', async () => {
    const dir = workspace();
    writeFileSync(
      join(dir, 'sloppy.mjs'),
      `const trap = new Proxy({ kind: 'text', id: 'm', text: 'x' }, { get(target, key) { if (key === 'text') throw new Error('trap'); return target[key]; } });
const hostile = { toString() { throw new Error('no words'); } };
const answers = {
  nulls: () => [null, 42, 'text', { kind: 'text', id: 'm', text: 'kept' }],
  fields: () => [{ kind: 'tool-result', id: 't1' }, { kind: 'invented' }],
  trap: () => [trap],
  list: () => ({ kind: 'text', id: 'm', text: 'not in a list' }),
  throws: () => { throw hostile; },
};
export const sloppy = {
  specificationVersion: 'v1', id: 'sloppy', displayName: 'Sloppy', cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: '' }),
  createParser: () => ({ parse: (line) => answers[line](), flush: () => [{ kind: 'session', phase: 'end', status: 'success' }] }),
};
`,
    );
    const stream = 'nulls\nfields\ntrap\nlist\nthrows\n';
    for (const mode of [[], ['--summary'], ['--summary', '--json'], ['--events'], ['--html', '-']]) {
      // Each was an internal error of xview (exit 70): null read as an event, a result without its fields, a throwing getter or toString.
      const result = await cli(['--plugin', './sloppy.mjs', '--provider', 'sloppy', '--strict', ...mode], dir, stream);
      expect(result.code, mode.join(' ')).toBe(ExitCode.strict);
      expect(result.stdout).toContain('kept');
      expect(result.stderr).not.toMatch(/internal error/);
    }
    const strict = await cli(['--plugin', './sloppy.mjs', '--provider', 'sloppy', '--strict'], dir, stream);
    expect(strict.stderr).toMatch(/^ {2}stdin:1: malformed: source "sloppy" emitted a value that is no event: not an event/m);
    expect(strict.stderr).toMatch(/^ {2}stdin:2: malformed: source "sloppy" emitted a value that is no event: malformed "tool-result" event/m);
    expect(strict.stderr).toMatch(/^ {2}stdin:3: malformed: source "sloppy" emitted a value that is no event: trap/m);
    expect(strict.stderr).toMatch(/^ {2}stdin:4: malformed: source "sloppy" returned no list of events/m);
    expect(strict.stderr).toMatch(/^ {2}stdin:5: malformed: source "sloppy" threw: a value that cannot be shown/m);
    writeFileSync(join(dir, 'throws-hostile.mjs'), `throw { toString() { throw new Error('no words'); } };\n`);
    const skipped = await cli(['--plugin', './throws-hostile.mjs', '--plugin', './toy.mjs'], dir, '{"toy":"hello"}\n');
    expect(skipped).toEqual({ code: ExitCode.ok, stdout: 'hello\n', stderr: 'xview: plugin ./throws-hostile.mjs skipped: a value that cannot be shown\n' });
  });

  it('passes on a plugin\'s checked events as the plugin made them, fields in their order', async () => {
    const dir = workspace();
    writeFileSync(
      join(dir, 'ordered.mjs'),
      `export const ordered = {
  specificationVersion: 'v1', id: 'ordered', displayName: 'Ordered', cadence: 'streaming',
  detect: () => ({ confidence: 0, evidence: '' }),
  createParser: () => ({ parse: () => [{ text: 'as made', id: 'm', kind: 'text' }, { kind: 'tool-use', id: 't', toolKind: 'execute', name: 'Bash', arg: 'ls', toolName: 'shell', input: { command: 'ls' } }], flush: () => [] }),
};
`,
    );
    const result = await cli(['--plugin', './ordered.mjs', '--provider', 'ordered', '--events'], dir, 'x\n');
    // The schema's copy of each event (the check) would have put `kind` first and the fields in the schema's order.
    expect(result.stdout).toBe('{"text":"as made","id":"m","kind":"text"}\n{"kind":"tool-use","id":"t","toolKind":"execute","name":"Bash","arg":"ls","toolName":"shell","input":{"command":"ls"}}\n');
  });

  it('lists a plugin\'s display names and its path through the terminal gate', async () => {
    const dir = workspace();
    // A display name is a plugin's own string, checked by nothing; the file's name is yours, quoted back.
    const file = 'odd\x1b]0;title\x07\u202e.mjs';
    writeFileSync(
      join(dir, file),
      `export const loud = { specificationVersion: 'v1', id: 'loud', displayName: 'Loud\\x1b[2J\\u202e', create: () => ({ specificationVersion: 'v1', write() {}, end() {} }) };\n`,
    );
    const listed = await cli(['--plugin', `./${file}`, '--list-providers'], dir);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/^loud +Loud\\x1b\[2J\\u202e \(renderer, --renderer loud\) +\.\/odd\\x1b\]0;title\\x07\\u202e\.mjs$/m);
    expect(listed.stdout).not.toMatch(/[\x1b\x07\u202e]/);
  });

  it('says in one line that the plugins of the xview folder could not be read when its node_modules or a scope is a file', async () => {
    const dir = workspace();
    const home = mkdtempSync(join(tmpdir(), 'xview-home-'));
    mkdirSync(join(home, 'xview', 'node_modules'), { recursive: true });
    writeFileSync(join(home, 'xview', 'node_modules', '@acme'), '');
    const scoped = await cli([], dir, '{"toy":"hello"}\n', { XDG_CONFIG_HOME: home });
    // Both were internal errors of xview (exit 70): readdir of a file.
    expect(scoped.code).toBe(ExitCode.empty);
    expect(scoped.stderr.split('\n')[0]).toBe(`xview: the plugins installed in ${join(home, 'xview', 'node_modules')} were not loaded: ENOTDIR: not a directory, scandir '${join(home, 'xview', 'node_modules', '@acme')}'.`);
    rmSync(join(home, 'xview', 'node_modules'), { recursive: true });
    writeFileSync(join(home, 'xview', 'node_modules'), '');
    const flat = await cli(['--plugin', './toy.mjs'], dir, '{"toy":"hello"}\n', { XDG_CONFIG_HOME: home });
    expect(flat).toEqual({
      code: ExitCode.ok,
      stdout: 'hello\n',
      stderr: `xview: the plugins installed in ${join(home, 'xview', 'node_modules')} were not loaded: ENOTDIR: not a directory, scandir '${join(home, 'xview', 'node_modules')}'.\n`,
    });
  });

  it('registers a plugin\'s session store for the session commands: listed, --agent accepted, shown with the plugin\'s source', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'store.mjs'), `${sourceModule('toy')}${storeModule('toyagent')}`);
    mkdirSync(join(dir, '.toy'));
    writeFileSync(join(dir, '.toy', 'toy.jsonl'), '{"toy":"hello"}\n');
    const io = { XDG_CONFIG_HOME: EMPTY_CONFIG };
    const listed = await sessionCli(['sessions', '--plugin', './store.mjs', '--agent', 'toyagent', '--all-projects'], dir, io);
    expect(listed).toEqual({
      code: ExitCode.ok,
      stdout: ['  when              agent     id        turns       tokens      cost  title', '/work/toy', '  2026-03-02 10:00  toyagent  toyagent      1                         Say hello', ''].join('\n'),
      stderr: '',
    });
    expect(await sessionCli(['show', '--plugin', './store.mjs', 'toyagent-1'], dir, io)).toEqual({ code: ExitCode.ok, stdout: 'hello\n', stderr: '' });
    const listing = await cli(['--plugin', './store.mjs', '--list-providers'], dir);
    expect(listing.stdout).toMatch(/^toyagent +toyagent agent \(session store, xview sessions --agent toyagent\) +\.\/store\.mjs$/m);
  });

  it('refuses a store whose id is taken, by a built-in or another plugin, naming both; and a bad store, in one line each', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'store.mjs'), `${sourceModule('toy')}${storeModule('toyagent')}`);
    writeFileSync(join(dir, 'again.mjs'), storeModule('toyagent'));
    writeFileSync(join(dir, 'claude.mjs'), storeModule('claude'));
    writeFileSync(join(dir, 'bad.mjs'), storeModule('badagent', "logSource: 'Not An Id',"));
    writeFileSync(join(dir, 'future.mjs'), storeModule('futureagent', "specificationVersion: 'v2',"));
    const plugins = ['./store.mjs', './again.mjs', './claude.mjs', './bad.mjs', './future.mjs'].flatMap((p) => ['--plugin', p]);
    const result = await sessionCli(['sessions', ...plugins, '--all-projects', '--agent', 'toyagent', '--json'], dir, { XDG_CONFIG_HOME: EMPTY_CONFIG });
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'xview: plugin ./again.mjs skipped: a session store with id "toyagent" is already loaded from ./store.mjs',
      'xview: plugin ./claude.mjs skipped: a session store with id "claude" is already loaded from built-in',
      'xview: plugin ./bad.mjs skipped: session store "badagent": logSource must be the id of the source that parses its sessions, such as "claude-log", got "Not An Id".',
      'xview: plugin ./future.mjs skipped: session store "futureagent" declares specificationVersion "v2", but this @x/core implements contract "v1". Install versions of the plugin and @x/core built for the same contract version.',
    ]);
    expect(result.code).toBe(ExitCode.ok);
    expect(JSON.parse(result.stdout)).toMatchObject([{ agent: 'toyagent', id: 'toyagent-1' }]);
    // A plugin's own words reach the terminal through its gate: no escape sequence gets through.
    writeFileSync(join(dir, 'loud.mjs'), "throw new Error('\\u001b]0;owned\\u0007 \\u001b[2Jcleared');\n");
    const loud = await sessionCli(['sessions', '--plugin', './loud.mjs', '--all-projects'], dir, { XDG_CONFIG_HOME: EMPTY_CONFIG });
    expect(loud.stderr.split('\n')[0]).toMatch(/^xview: plugin \.\/loud\.mjs skipped: .*cleared$/);
    expect(loud.stderr).not.toMatch(/[\u001b\u0007]/);
    // All or nothing, in every command: rendering a file does not load the source of a plugin whose store is refused.
    writeFileSync(join(dir, 'both.mjs'), `${sourceModule('both')}${storeModule('claude')}`);
    const skipped = await cli(['--plugin', './both.mjs', '--provider', 'both'], dir, '{"both":"x"}\n');
    expect(skipped.code).toBe(ExitCode.usage);
    expect(skipped.stderr.split('\n')[0]).toBe('xview: plugin ./both.mjs skipped: a session store with id "claude" is already loaded from built-in');
  });

  it('says when the plugins load that a store names a log source none of them provides, and still lists its sessions', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'orphan.mjs'), storeModule('orphanagent', "logSource: 'orphan-log',"));
    const result = await sessionCli(['sessions', '--plugin', './orphan.mjs', '--all-projects', '--agent', 'orphanagent', '--json'], dir, { XDG_CONFIG_HOME: EMPTY_CONFIG });
    expect(result.stderr).toBe(
      'xview: the session store "orphanagent" (./orphan.mjs) names the log source "orphan-log", which no loaded plugin provides: its sessions are listed but cannot be shown.\n',
    );
    expect(result.code).toBe(ExitCode.ok);
    expect(JSON.parse(result.stdout)).toMatchObject([{ agent: 'orphanagent', id: 'orphanagent-1' }]);
  });

  it('stops with one line and exit 2 when a plugin\'s module never settles', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'hang.mjs'), `await new Promise(() => {});\n${sourceModule('hang')}`);
    const unsettled = { calls: 0 };
    const stdout = new Capture();
    const stderr = new Capture();
    const env = { XDG_CONFIG_HOME: EMPTY_CONFIG, XVIEW_PLUGIN_TIMEOUT_MS: '200' };
    const onUnsettled = () => {
      unsettled.calls += 1;
    };
    const code = await runCli(['--plugin', './hang.mjs'], { stdin: bytes('{"hang":"x"}\n'), stdout, stderr, env, cwd: dir, onUnsettled });
    expect({ code, stdout: stdout.text, stderr: stderr.text }).toEqual({
      code: ExitCode.usage,
      stdout: '',
      stderr: 'xview: plugin ./hang.mjs did not finish loading within 0.2 s; remove it or load it with --plugin only when needed.\n',
    });
    // The module's import goes on: the process is told to exit rather than wait for it (main.ts).
    expect(unsettled.calls).toBe(1);
  });
});
