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
 * Every run is one input of the same process, mode by mode: what each source
 * and renderer prints goes through the bundle once per mode, in eight times
 * fewer processes than a run each (the installed xview's start is most of a
 * small run's cost, and this file was the largest share of `pnpm test`'s CPU
 * time on a two-core runner). Standard input is read by one path whatever
 * the mode (detection from its head, the name `stdin`), so it is run in every
 * mode for the first run and in the default and page modes for the others:
 * every mode and every provider meet it, a process each.
 */
const STDIN_EVERY_MODE = RUNS[0];
const STDIN_MODES = new Set(['', '--html -']);
const FILES = RUNS.map((run) => join(FIXTURES_DIR, run));
const STDIN_CASES = RUNS.flatMap((run) =>
  MODES.filter((mode) => run === STDIN_EVERY_MODE || STDIN_MODES.has(mode.join(' '))).map((mode) => [run, mode.join(' ') || '(default)', mode] as const),
);

describe('the installed xview on one run of every provider', () => {
  it.each(MODES.map((mode) => [mode.join(' ') || '(default)', mode] as const))('prints what the sources print: %s', async (_name, mode) => {
    const place = warmPlace();
    // The installed run and the sources' run side by side: the child runs while the sources do.
    const [installed, sources] = await Promise.all([runInstalled([...mode, ...FILES], place), runSources([...mode, ...FILES], place)]);
    expect(installed.stderr).toBe(sources.stderr);
    expect(sameTime(installed.stdout)).toBe(sameTime(sources.stdout));
    expect(installed.status).toBe(sources.status);
    // Every input was read and shown, not only the first: one outcome each.
    if (mode.join(' ') === '--summary') expect(installed.stdout.match(/^Provider {2,}/gm)).toHaveLength(FILES.length);
    expect(installed.stdout.length).toBeGreaterThan(0);
  });

  it.each(STDIN_CASES)('reads %s from standard input as the sources do: %s', async (run, _name, mode) => {
    const place = warmPlace();
    const input = readFileSync(join(FIXTURES_DIR, run), 'utf8');
    const [installed, sources] = await Promise.all([runInstalled(mode, place, input), runSources(mode, place, input)]);
    expect(sameTime(installed.stdout)).toBe(sameTime(sources.stdout));
    expect(installed.stderr).toBe(sources.stderr);
    expect(installed.status).toBe(sources.status);
    expect(installed.stdout.length).toBeGreaterThan(0);
  });

  it('writes the --html page the sources write', async () => {
    const place = warmPlace();
    const installed = await runInstalled(['--html', 'run.html', ...FILES], place);
    expect(installed.status).toBe(ExitCode.ok);
    const page = readFileSync(join(place.cwd, 'run.html'), 'utf8');
    expect(page).toMatch(/^<!DOCTYPE html>/i);
    expect((await runSources(['--html', join(place.cwd, 'sources.html'), ...FILES], place)).status).toBe(ExitCode.ok);
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

  it('tells the format by a first line longer than the 256 KiB detection usually reads, from standard input too', async () => {
    // Claude Code 2.1.332's recorded run, opening on its first tool result made 1 MiB long (a large file read, a pasted image).
    const recorded = readFileSync(join(FIXTURES_DIR, 'claude/recorded/2.1.332/read-edit-run.jsonl'), 'utf8').split('\n');
    const at = recorded.findIndex((line) => line.startsWith('{"type":"user"'));
    const result = JSON.parse(recorded[at] as string) as { message: { content: { content: string }[] } };
    (result.message.content[0] as { content: string }).content = 'x'.repeat(1024 * 1024);
    const input = [JSON.stringify(result), ...recorded.filter((_, n) => n !== at)].join('\n');
    const summary = await runInstalled(['--summary', '--json'], warmPlace(), input);
    expect([summary.stderr, (JSON.parse(summary.stdout) as { provider: string }).provider]).toEqual(['', 'claude']);
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
