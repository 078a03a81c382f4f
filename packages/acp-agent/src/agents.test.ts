import { describe, expect, it } from 'vitest';
import { AGENT_IDS, agentProfile, isAgentId, UnknownAgentError } from './agents.js';

const argsOf = (agent: string, resumeId?: string) => agentProfile(agent).args({ prompt: '-v fix it', resumeId, extraArgs: ['--model', 'm'] });

// Each CLI's non-interactive, machine-readable invocation (its provider's README and lab/src/agents/), with the
// prompt where no option parser can take it for an option.
describe('agent command lines', () => {
  it('runs each CLI for a first prompt', () => {
    expect(Object.fromEntries(AGENT_IDS.map((id) => [id, argsOf(id)]))).toEqual({
      claude: ['-p', '--output-format', 'stream-json', '--verbose', '--model', 'm', '--', '-v fix it'],
      codex: ['exec', '--json', '--model', 'm', '--', '-v fix it'],
      gemini: ['--output-format', 'stream-json', '--model', 'm', '--prompt=-v fix it'],
      opencode: ['run', '--format', 'json', '--thinking', '--model', 'm', '--', '-v fix it'],
      copilot: ['--output-format', 'json', '--model', 'm', '--prompt=-v fix it'],
    });
  });

  it('resumes each CLI’s own session', () => {
    expect(Object.fromEntries(AGENT_IDS.map((id) => [id, argsOf(id, 's-1')]))).toEqual({
      claude: ['-p', '--output-format', 'stream-json', '--verbose', '--model', 'm', '--resume=s-1', '--', '-v fix it'],
      codex: ['exec', '--json', '--model', 'm', 'resume', 's-1', '--', '-v fix it'],
      gemini: ['--output-format', 'stream-json', '--model', 'm', '--resume=s-1', '--prompt=-v fix it'],
      opencode: ['run', '--format', 'json', '--thinking', '--model', 'm', '--session=s-1', '--', '-v fix it'],
      copilot: ['--output-format', 'json', '--model', 'm', '--resume=s-1', '--prompt=-v fix it'],
    });
  });

  it('knows its agents by name only', () => {
    expect(AGENT_IDS.every(isAgentId)).toBe(true);
    expect(isAgentId('constructor')).toBe(false);
    expect(() => agentProfile('constructor')).toThrow(UnknownAgentError);
  });
});
