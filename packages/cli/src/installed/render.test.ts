// The installed xview renders a stream exactly as the sources do: for one run
// of every provider, in every output mode, from a file and from standard
// input. The bundle users install is built by rewriting and bundling the
// sources (tsup.config.ts); any difference that makes shows here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../../tooling/fixtures.js';
import { ExitCode } from '../exit-codes.js';
import { runInstalled, runSources, sameTime, warmPlace } from './installed-xview.js';

const RUNS = [
  'claude/read-edit-run.jsonl',
  'claude/tool-error.jsonl',
  'codex/read-edit-run.jsonl',
  'gemini/read-edit-run.jsonl',
  'opencode/parity-read-readme.jsonl',
  'opencode/bus-subagent.sse',
  'copilot/read-edit-run.jsonl',
  'openai-compatible/read-edit-run.jsonl',
];

const MODES: readonly (readonly string[])[] = [
  [],
  ['--verbose'],
  ['--verbose', '--show-content'],
  ['--summary'],
  ['--summary', '--json'],
  ['--events'],
  ['--html', '-'],
  ['--strict'],
  ['--color', '--verbose'],
];

/**
 * Standard input is read by one path whatever the mode (detection from its
 * head, the name `stdin`), so it is run in every mode for the first run and
 * in the default and page modes for the others: every mode and every
 * provider meet it, without a second process for each of the 72 pairs, which
 * was a sixth of `pnpm test`'s time on a two-core runner.
 */
const STDIN_EVERY_MODE = RUNS[0];
const STDIN_MODES = new Set(['', '--html -']);

describe.each(RUNS)('the installed xview on %s', (run) => {
  const file = join(FIXTURES_DIR, run);
  const input = readFileSync(file, 'utf8');

  it.each(MODES.map((mode) => [mode.join(' ') || '(default)', mode] as const))('prints what the sources print: %s', async (_name, mode) => {
    const place = warmPlace();
    // The installed run and the sources' run side by side: the child runs while the sources do.
    const [fromFile, sources] = await Promise.all([runInstalled([...mode, file], place), runSources([...mode, file], place)]);
    expect(fromFile.stderr).toBe(sources.stderr);
    expect(sameTime(fromFile.stdout)).toBe(sameTime(sources.stdout));
    expect(fromFile.status).toBe(sources.status);
    expect(fromFile.stdout.length).toBeGreaterThan(0);
    if (run !== STDIN_EVERY_MODE && !STDIN_MODES.has(mode.join(' '))) return;

    const [fromStdin, sourcesStdin] = await Promise.all([runInstalled(mode, place, input), runSources(mode, place, input)]);
    expect(sameTime(fromStdin.stdout)).toBe(sameTime(sourcesStdin.stdout));
    expect(fromStdin.stderr).toBe(sourcesStdin.stderr);
    expect(fromStdin.status).toBe(sourcesStdin.status);
  });

  it('writes the --html page the sources write', async () => {
    const place = warmPlace();
    const installed = await runInstalled(['--html', 'run.html', file], place);
    expect(installed.status).toBe(ExitCode.ok);
    const page = readFileSync(join(place.cwd, 'run.html'), 'utf8');
    expect(page).toMatch(/^<!DOCTYPE html>/i);
    expect((await runSources(['--html', join(place.cwd, 'sources.html'), file], place)).status).toBe(ExitCode.ok);
    expect(sameTime(page)).toBe(sameTime(readFileSync(join(place.cwd, 'sources.html'), 'utf8')));
  });
});

describe('the installed xview, whatever the input', () => {
  it('passes --raw through untouched', async () => {
    const input = readFileSync(join(FIXTURES_DIR, 'claude/read-edit-run.jsonl'), 'utf8');
    const raw = await runInstalled(['--raw'], warmPlace(), input);
    expect(raw.status).toBe(ExitCode.ok);
    expect(raw.stdout).toBe(input);
  });

  it('stacks no more than 8 combining marks on a letter, whatever kept joiner or selector splits them', async () => {
    const text = (between: string) => `a${`\u0301${between}`.repeat(30)}`;
    const line = (between: string) =>
      JSON.stringify({ type: 'assistant', message: { id: `m${between}`, role: 'assistant', model: 'm', content: [{ type: 'text', text: text(between) }] }, session_id: 's' });
    const input = `${['\ufe0f', '\u200d'].map(line).join('\n')}\n`;
    for (const mode of [[], ['--html', '-']]) {
      const shown = (await runInstalled(['--provider', 'claude', ...mode], warmPlace(), input)).stdout;
      expect(shown.match(/\u0301/gu)?.length).toBe(16);
    }
  });

  it('tells the version the packages carry and the help the sources tell', async () => {
    const place = warmPlace();
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect((await runInstalled(['--version'], place)).stdout).toBe(`${pkg.version}\n`);
    const help = await runInstalled(['--help'], place);
    expect(help.status).toBe(ExitCode.ok);
    expect(help.stdout).toBe((await runSources(['--help'], place)).stdout);
  });
});

describe('the installed xview renderers', () => {
  it("chooses its own renderers by id as it would a plugin's, and lists them as built-in", async () => {
    const place = warmPlace();
    const file = join(FIXTURES_DIR, 'claude/read-edit-run.jsonl');
    const pairs: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
      [['--renderer', 'events'], ['--events']],
      [['--renderer', 'summary'], ['--summary']],
      [['--renderer', 'terminal', '--verbose'], ['--verbose']],
    ];
    for (const [byId, byOption] of pairs) {
      const chosen = await runInstalled([...byId, file], place);
      expect(chosen.status).toBe(ExitCode.ok);
      expect(chosen.stdout).toBe((await runInstalled([...byOption, file], place)).stdout);
    }
    const listed = await runInstalled(['--list-providers'], place);
    expect(listed.stdout).toBe((await runSources(['--list-providers'], place)).stdout);
    expect(listed.stdout).toMatch(/^summary +Summary of each input \(--summary\) \(renderer, --renderer summary\) +built-in$/m);
  });
});
