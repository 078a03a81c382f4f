import { describe, expect, it } from 'vitest';
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
