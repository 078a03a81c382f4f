import { describe, expect, it } from 'vitest';
import { AGENTS } from './agents/index.js';
import { acpScenariosFor } from './record.js';

const place = (version: string) => ({ version, home: '/tmp/x-lab-t', work: '/tmp/x-lab-t/project', serverUrl: 'http://127.0.0.1:1' });

describe('pnpm capture --acp', () => {
  it('runs every scenario that one prompt can, and not those needing a second prompt, a cancel or partial messages', () => {
    const names = acpScenariosFor().map((scenario) => scenario.name);
    expect(names).not.toContain('resumed');
    expect(names).not.toContain('interrupted');
    expect(names).not.toContain('partial-messages');
    expect(names).toContain('permission-denied');
    expect(acpScenariosFor('plain-answer').map((scenario) => scenario.name)).toEqual(['plain-answer']);
  });

  it('knows how to start the agents that speak ACP natively, and only those', () => {
    const speaking = Object.values(AGENTS)
      .filter((agent) => agent.acpArgs !== undefined)
      .map((agent) => agent.id);
    expect(speaking).toEqual(['gemini', 'opencode', 'qwen']);
    expect(AGENTS.gemini?.acpArgs?.(place('0.61.0'))).toEqual(['--acp', '-m', 'gemini-2.5-pro', '--skip-trust']);
    expect(AGENTS.gemini?.acpArgs?.(place('0.38.2'))).toEqual(['--acp', '-m', 'gemini-2.5-pro']);
    expect(AGENTS.opencode?.acpArgs?.(place('1.18.33'))).toEqual(['acp']);
    expect(AGENTS.qwen?.acpArgs?.(place('0.24.4'))).toEqual(['--acp']);
  });
});
