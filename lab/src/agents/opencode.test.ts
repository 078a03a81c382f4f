import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingDirs } from '../write-recording.js';
import { opencode } from './opencode.js';

const scenario = { name: 'plain-answer', covers: '', prompt: 'What is 6 times 7?', steps: [] };
const placeOf = (version: string) => ({ version, home: '/h', work: '/w', serverUrl: 'http://127.0.0.1:1' });

describe('the OpenCode profile before 1.0 (no --format for run)', () => {
  it('runs 0.5.29 without --format and keeps its plain-text stdout beside its session files', () => {
    expect(opencode.invocation(scenario, placeOf('0.5.29')).args).toEqual(['run', '-m', 'lab/lab-model', 'What is 6 times 7?']);
    expect(opencode.invocation(scenario, placeOf('1.0.0')).args).toEqual(['run', '--format', 'json', '-m', 'lab/lab-model', 'What is 6 times 7?']);
    const dirs = recordingDirs(opencode, '0.5.29', '/f');
    expect(dirs).toEqual({ streams: '/f/opencode-log/recorded/0.5.29', logs: '/f/opencode-log/recorded/0.5.29' });
  });

  it('finds the session to resume in the per-project tree 0.x writes (it prints no id)', () => {
    const home = mkdtempSync(join(tmpdir(), 'x-lab-opencode-'));
    expect(opencode.sessionIdOf('It is **42**.', home)).toBeUndefined();
    const info = join(home, '.local', 'share', 'opencode', 'project', 'global', 'storage', 'session', 'info');
    mkdirSync(info, { recursive: true });
    writeFileSync(join(info, 'ses_abc.json'), '{}');
    expect(opencode.sessionIdOf('It is **42**.', home)).toBe('ses_abc');
  });
});

describe('the OpenCode profile in a compaction scenario', () => {
  it('gives only the resumed run a context window the first answer already fills, so that it compacts once, before it answers', () => {
    const place = { ...placeOf('1.18.33'), compacts: true };
    expect(opencode.invocation(scenario, place).env?.OPENCODE_CONFIG_CONTENT).toBeUndefined();
    const config = JSON.parse(opencode.invocation(scenario, place, 'ses_1').env?.OPENCODE_CONFIG_CONTENT ?? '{}');
    expect(config).toEqual({ provider: { lab: { models: { 'lab-model': { limit: { context: 1000, output: 100 } } } } } });
    expect(opencode.invocation(scenario, placeOf('1.18.33'), 'ses_1').env?.OPENCODE_CONFIG_CONTENT).toBeUndefined();
  });
});
