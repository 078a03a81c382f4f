// The installed xview drives an ACP agent as the sources do: `xview acp` over real pipes with
// the scripted agent built on the SDK's agent-side connection, its exit status, and the
// recorded traffic read back by plain `xview`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runInstalled, runSources, warmPlace } from './installed-xview.js';

const AGENT = join(import.meta.dirname, '../../test/acp/scripted-agent.mjs');

describe('the installed xview acp', () => {
  it.each([[[]], [['--verbose', '--allow']], [['--events', '--allow']], [['--summary']]])('prints what the sources print: %j', async (mode) => {
    const place = warmPlace();
    const argv = ['acp', ...mode, '-m', 'fix greet.txt', '--', process.execPath, AGENT];
    const installed = await runInstalled(argv, place);
    const sources = await runSources(argv, place);
    expect(installed.stdout.replace(/\d+(\.\d+)?\s?(ms|s)\b/g, 'T')).toBe(sources.stdout.replace(/\d+(\.\d+)?\s?(ms|s)\b/g, 'T'));
    expect(installed.stderr).toBe(sources.stderr);
    expect(installed.status).toBe(ExitCode.ok);
    expect(installed.stdout.length).toBeGreaterThan(0);
  });

  it('exits with the run status and records traffic that plain xview reads back as ACP', async () => {
    const place = warmPlace();
    const failed = await runInstalled(['acp', '--record', 'run.jsonl', '-m', 'go', '--', process.execPath, AGENT], { ...place, env: { ACP_SCRIPT_STOP: 'refusal' } });
    expect(failed.status).toBe(ExitCode.runFailed);
    expect(readFileSync(join(place.cwd, 'run.jsonl'), 'utf8')).toContain('"stopReason":"refusal"');
    const replay = await runInstalled(['--events', 'run.jsonl'], place);
    expect(replay.status).toBe(ExitCode.runFailed);
    expect(replay.stdout).toContain('"kind":"session","phase":"end","status":"error"');
  });

  it('has its help', async () => {
    const help = await runInstalled(['acp', '--help'], warmPlace());
    expect(help.status).toBe(ExitCode.ok);
    expect(help.stdout).toContain('xview acp [options] -- <agent command...>');
  });
});
