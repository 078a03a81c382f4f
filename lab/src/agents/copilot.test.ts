import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordingDirs } from '../write-recording.js';
import { copilot } from './copilot.js';

const place = { work: '/w', serverUrl: 'http://127.0.0.1:1' };

describe('the Copilot CLI profile', () => {
  it('writes and edits with apply_patch where the version offers it (1.0.62 and later)', () => {
    const tools = ['bash', 'view', 'apply_patch'];
    expect(copilot.makeCall({ kind: 'write', path: 'NOTES.md', content: '# Notes\n' }, tools, 'c1', place)).toMatchObject({ name: 'apply_patch', form: 'custom' });
    expect(copilot.makeCall({ kind: 'edit', path: 'src/greet.ts', old: "'Helo, '", new: "'Hello, '" }, tools, 'c2', place)).toMatchObject({ name: 'apply_patch', form: 'custom' });
  });

  it('writes with create and edits with edit where it does not (1.0.20: "Tool \'apply_patch\' does not exist")', () => {
    const tools = ['bash', 'view', 'create', 'edit'];
    expect(copilot.makeCall({ kind: 'write', path: 'NOTES.md', content: '# Notes\n' }, tools, 'c1', place)).toEqual({
      id: 'c1',
      name: 'create',
      input: { path: '/w/NOTES.md', file_text: '# Notes\n' },
    });
    expect(copilot.makeCall({ kind: 'edit', path: 'src/greet.ts', old: "'Helo, '", new: "'Hello, '" }, tools, 'c2', place)).toEqual({
      id: 'c2',
      name: 'edit',
      input: { path: '/w/src/greet.ts', old_str: "'Helo, '", new_str: "'Hello, '" },
    });
  });

  it('searches with rg, or with grep where the version names it so (1.0.20), else with a command', () => {
    const intent = { kind: 'grep', pattern: 'function greet' } as const;
    expect(copilot.makeCall(intent, ['bash', 'rg'], 'c1', place)).toMatchObject({ name: 'rg', input: { pattern: 'function greet', output_mode: 'content' } });
    expect(copilot.makeCall(intent, ['bash', 'grep'], 'c1', place)).toMatchObject({ name: 'grep', input: { pattern: 'function greet', output_mode: 'content' } });
    expect(copilot.makeCall(intent, ['bash'], 'c1', place)).toMatchObject({ name: 'bash' });
  });
});

describe('the Copilot CLI profile before the offline mode (0.0.x)', () => {
  const scenario = { name: 'plain-answer', covers: '', prompt: 'What is 6 times 7?', steps: [] };
  const at = (version: string) => ({ version, home: '/h', work: '/w', serverUrl: 'http://127.0.0.1:1' });

  it('points 0.0.423 at the lab as the Copilot API, with a token that is no GitHub login, no auto-update and no GitHub MCP server', () => {
    const run = copilot.invocation(scenario, at('0.0.423'));
    expect(run.env).toEqual({ COPILOT_API_URL: 'http://127.0.0.1:1/v1', COPILOT_GITHUB_TOKEN: 'lab-not-a-token', COPILOT_MODEL: 'gpt-5.2', COPILOT_AUTO_UPDATE: 'false' });
    expect(run.args).toContain('--disable-builtin-mcps');
  });

  it('points 1.0.7, the last recorded version before the offline mode, at the lab as the Copilot API too, with the model list', () => {
    const run = copilot.invocation(scenario, at('1.0.7'));
    expect(run.env).toMatchObject({ COPILOT_API_URL: 'http://127.0.0.1:1/v1', COPILOT_GITHUB_TOKEN: 'lab-not-a-token' });
    expect(run.env).not.toHaveProperty('COPILOT_OFFLINE');
    expect(run.args).toContain('--disable-builtin-mcps');
    expect(copilot.modelList?.('1.0.7')).toBeDefined();
  });

  it('keeps the offline provider from 1.0.12 on, with no model list', () => {
    const run = copilot.invocation(scenario, at('1.0.12'));
    expect(run.env).toMatchObject({ COPILOT_OFFLINE: 'true', COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:1/v1' });
    expect(run.args).not.toContain('--disable-builtin-mcps');
    expect(copilot.modelList?.('1.0.12')).toBeUndefined();
  });

  it('lists the model it names, enabled and served over /responses', () => {
    expect(copilot.modelList?.('0.0.423')).toMatchObject({ data: [{ id: 'gpt-5.2', model_picker_enabled: true, supported_endpoints: ['/chat/completions', '/responses'] }] });
  });

  it('fetches the lab page by its whole address (a bare path is Invalid URL to 0.0.423)', () => {
    expect(copilot.makeCall({ kind: 'fetch', path: '/status.html' }, ['web_fetch'], 'c1', place)).toEqual({ id: 'c1', name: 'web_fetch', input: { url: 'http://127.0.0.1:1/status.html' } });
  });
});

describe('the Copilot CLI profile before --output-format (0.0.340, 0.0.376)', () => {
  const scenario = { name: 'plain-answer', covers: '', prompt: 'What is 6 times 7?', steps: [] };
  const at = (version: string) => ({ version, home: '/h', work: '/w', serverUrl: 'http://127.0.0.1:1' });

  it('runs 0.0.376 without --output-format, and keeps its stdout beside its logs', () => {
    const run = copilot.invocation(scenario, at('0.0.376'));
    expect(run.args).toEqual(['-p', 'What is 6 times 7?', '--allow-all-tools', '--disable-builtin-mcps']);
    expect(run.env).toMatchObject({ COPILOT_GITHUB_TOKEN: 'lab-not-a-token', COPILOT_MODEL: 'gpt-5.2' });
    expect(recordingDirs(copilot, '0.0.376', '/f')).toEqual({ streams: '/f/copilot-log/recorded/0.0.376', logs: '/f/copilot-log/recorded/0.0.376' });
    expect(recordingDirs(copilot, '0.0.423', '/f').streams).toBe('/f/copilot/recorded/0.0.423');
  });

  it('signs 0.0.340 in with an HMAC key, serves its fixed model-list host, and speaks Chat Completions with gpt-5', () => {
    const run = copilot.invocation(scenario, at('0.0.340'));
    expect(run.args).toEqual(['-p', 'What is 6 times 7?', '--allow-all-tools']);
    expect(run.env).toMatchObject({ COPILOT_HMAC_KEY: 'lab-not-a-key', COPILOT_MODEL: 'gpt-5' });
    expect(run.env.COPILOT_GITHUB_TOKEN).toBeUndefined();
    expect([copilot.fixedHosts?.('0.0.340'), copilot.fixedHosts?.('0.0.376')]).toEqual([['api.githubcopilot.com'], []]);
    expect(copilot.protocolFor?.('0.0.340').name).toBe('OpenAI Chat Completions');
  });

  it('gives 0.0.340 every file operation through str_replace_editor', () => {
    const tools = ['bash', 'str_replace_editor'];
    expect(copilot.makeCall({ kind: 'read', path: 'src/greet.ts' }, tools, 'c1', place)).toEqual({ id: 'c1', name: 'str_replace_editor', input: { command: 'view', path: '/w/src/greet.ts' } });
    expect(copilot.makeCall({ kind: 'edit', path: 'a.ts', old: 'x', new: 'y' }, tools, 'c2', place)).toMatchObject({ name: 'str_replace_editor', input: { command: 'str_replace' } });
  });

  it('finds the session to resume in the logs a plain-text run left', () => {
    const home = mkdtempSync(join(tmpdir(), 'x-lab-test-'));
    mkdirSync(join(home, '.copilot', 'history-session-state'), { recursive: true });
    writeFileSync(join(home, '.copilot', 'history-session-state', 'session_f0b3_1796025388048.json'), '{}');
    expect(copilot.sessionIdOf('It is **42**.\n', home)).toBe('f0b3');
  });
});
