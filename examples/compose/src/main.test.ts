import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aggregateRun, type DisplayEvent } from '@x/core';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';

let dir: string;
let bundle: string;

// Node 20 cannot run TypeScript, so main.ts is bundled as it is, from the
// workspace sources (the `source` condition), and run as a real process.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'x-example-compose-'));
  bundle = join(dir, 'main.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    define: { __X_VERSION__: JSON.stringify('0.0.0') },
    // Bundled CommonJS dependencies (picocolors) call `require`, which an ES module lacks.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function compose(args: string[], input?: Buffer) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return spawnSync(process.execPath, [bundle, ...args], { input, env, encoding: 'utf8' });
}

function fixture(name: string) {
  const base = join(FIXTURES_DIR, name);
  const events = JSON.parse(readFileSync(`${base}.events.json`, 'utf8')) as DisplayEvent[];
  return { base, events, output: readFileSync(`${base}.output.txt`, 'utf8'), status: aggregateRun(events).status };
}

describe('compose', () => {
  it.each([
    ['claude', 'claude/read-edit-run', '.jsonl'],
    ['claude', 'claude/failed-run', '.jsonl'],
    ['codex', 'codex/read-edit-run', '.jsonl'],
    ['copilot', 'copilot/read-edit-run', '.jsonl'],
    ['gemini', 'gemini/read-edit-run', '.jsonl'],
    ['gemini', 'gemini/fatal-turn-limit', '.jsonl'],
    ['opencode', 'opencode/run-read-edit-bash', '.jsonl'],
    ['opencode', 'opencode/bus-streamed-deltas', '.sse'],
    ['openai-compatible', 'openai-compatible/read-edit-run', '.jsonl'],
  ])('--provider %s renders %s to its DisplayOutput', (provider, name, extension) => {
    const expected = fixture(name);
    const result = compose(['--provider', provider, `${expected.base}${extension}`]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(expected.output);
    expect(result.status).toBe(expected.status === 'success' ? 0 : 1);
  });

  it('reads stdin when no file is given', () => {
    const expected = fixture('claude/parity-read-readme');
    const result = compose([], readFileSync(`${expected.base}.jsonl`));
    expect(result.stdout).toBe(expected.output);
    expect(result.status).toBe(0);
  });

  it('adds a marker line for every tool call with --verbose, without colour when piped', () => {
    const expected = fixture('codex/read-edit-run');
    const result = compose(['--provider', 'codex', '--verbose', `${expected.base}.jsonl`]);
    const calls = expected.events.filter((event) => event.kind === 'tool-use');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(result.stdout).toContain(`${call.name}${call.arg === '' ? '' : ` ${call.arg}`}\n`);
    expect(result.stdout).not.toContain('\u001b');
  });

  it('takes the options after the `--` that `pnpm start -- --provider x` hands on', () => {
    const expected = fixture('gemini/read-edit-run');
    const result = compose(['--', '--provider', 'gemini', `${expected.base}.jsonl`]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(expected.output);
  });

  it('says how to call it when the provider is unknown', () => {
    const result = compose(['--provider', 'constructor']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('usage: compose [--provider claude|codex|copilot|gemini|openai-compatible|opencode] [--verbose] [file]\n');
  });

  it('reports a file it cannot read in one line', () => {
    const result = compose(['--provider', 'claude', join(dir, 'missing.jsonl')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^compose: ENOENT: no such file or directory, open '.*missing\.jsonl'\n$/);
  });
});
