import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gemini } from './gemini.js';

const place = { work: '/w', serverUrl: 'http://127.0.0.1:1' };
const task = { kind: 'task', description: 'Count', prompt: 'Count the files in the working folder.' } as const;

describe('the Gemini CLI profile', () => {
  it('delegates with invoke_agent (0.45+), else delegate_to_agent (0.26), else the codebase_investigator tool itself (0.20)', () => {
    expect(gemini.makeCall(task, ['invoke_agent', 'codebase_investigator'], 'c1', place)).toMatchObject({
      name: 'invoke_agent',
      input: { agent_name: 'generalist' },
    });
    expect(gemini.makeCall(task, ['delegate_to_agent'], 'c1', place)).toMatchObject({
      name: 'delegate_to_agent',
      input: { agent_name: 'codebase_investigator' },
    });
    expect(gemini.makeCall(task, ['read_file', 'codebase_investigator'], 'c1', place)).toEqual({
      id: 'c1',
      name: 'codebase_investigator',
      input: { objective: 'Count the files in the working folder.' },
    });
  });

  it('has no call for a subagent where the version offers no agent (0.13)', () => {
    expect(gemini.makeCall(task, ['read_file', 'run_shell_command'], 'c1', place)).toBeUndefined();
  });

  it('reads with `file_path` and resumes from 0.16 on (0.16.0 has both), with `absolute_path` and no resume before (0.13.0)', () => {
    const read = { kind: 'read', path: 'src/greet.ts' } as const;
    expect(gemini.makeCall(read, ['read_file'], 'c1', { ...place, version: '0.16.0' })?.input).toEqual({ file_path: '/w/src/greet.ts' });
    expect(gemini.makeCall(read, ['read_file'], 'c1', { ...place, version: '0.13.0' })?.input).toEqual({ absolute_path: '/w/src/greet.ts' });
    expect([gemini.resumes?.('0.16.0'), gemini.resumes?.('0.13.0')]).toEqual([true, false]);
  });

  it('turns the model router off before 0.13, where it would make `-m gemini-2.5-pro` `auto` (0.11.3)', () => {
    const settingsOf = (version: string) => {
      const home = mkdtempSync(join(tmpdir(), 'x-lab-gemini-test-'));
      try {
        gemini.configure({ ...place, version, home });
        return JSON.parse(readFileSync(join(home, '.gemini', 'settings.json'), 'utf8'));
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    };
    expect(settingsOf('0.11.3').experimental).toEqual({ useModelRouter: false });
    expect(settingsOf('0.13.0').experimental).toBeUndefined();
    expect(settingsOf('0.61.0').general).toEqual({ maxAttempts: 1 });
  });

  it('asks for one `--output-format json` document before 0.11 (0.10.0 has no stream-json), or in the `json` mode, and records it as `.json`', () => {
    const scenario = { name: 'plain-answer', prompt: 'What is 6 x 7?', covers: 'a plain answer', steps: [] };
    const formatOf = (version: string, mode?: string) => {
      const { args } = gemini.invocation(scenario, { ...place, version, home: '/h', ...(mode === undefined ? {} : { mode }) });
      return args[args.indexOf('--output-format') + 1];
    };
    expect([formatOf('0.10.0'), formatOf('0.11.3'), formatOf('0.61.0'), formatOf('0.61.0', 'json')]).toEqual(['json', 'stream-json', 'stream-json', 'json']);
    expect([gemini.stdoutExtension?.('0.8.2'), gemini.stdoutExtension?.('0.11.3')]).toEqual(['.json', '.jsonl']);
  });
});
