import { join } from 'node:path';
import { openAIResponses } from '../protocols/responses.js';
import type { ToolCall, ToolIntent } from '../step.js';
import type { AgentProfile } from './agent.js';

/** A patch in the grammar the `apply_patch` tool declares (Copilot CLI shares Codex's). */
const patch = (body: string): ToolCall['input'] => ({ input: `*** Begin Patch\n${body}*** End Patch\n` });

/** Copilot CLI's tools for each intent, with the inputs its tool schemas require. */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string }): ToolCall | undefined {
  const bash = (command: string): ToolCall => ({ id, name: 'bash', input: { command, description: 'Run a command' } });
  switch (intent.kind) {
    case 'read':
      return { id, name: 'view', input: { path: join(place.work, intent.path) } };
    case 'shell':
      return bash(intent.command);
    case 'grep': {
      // 1.0.20 names its search tool `grep`, later versions `rg`; both take the same input.
      const search = ['rg', 'grep'].find((name) => tools.includes(name));
      return search !== undefined ? { id, name: search, input: { pattern: intent.pattern, output_mode: 'content' } } : bash(`grep -rn '${intent.pattern}' .`);
    }
    case 'glob':
      return tools.includes('glob') ? { id, name: 'glob', input: { pattern: intent.pattern } } : bash(`find . -name '${intent.pattern.replace('**/', '')}'`);
    // Before apply_patch (1.0.20 offers none), files are written with `create` and changed with `edit`.
    case 'write':
      if (!tools.includes('apply_patch')) return { id, name: 'create', input: { path: join(place.work, intent.path), file_text: intent.content } };
      return { id, name: 'apply_patch', form: 'custom', input: patch(`*** Add File: ${intent.path}\n${intent.content.replace(/^/gm, '+').replace(/\+$/, '')}`) };
    case 'edit':
      if (!tools.includes('apply_patch')) return { id, name: 'edit', input: { path: join(place.work, intent.path), old_str: intent.old, new_str: intent.new } };
      return { id, name: 'apply_patch', form: 'custom', input: patch(`*** Update File: ${intent.path}\n@@\n-  return ${intent.old} + name;\n+  return ${intent.new} + name;\n`) };
    case 'fetch':
      return tools.includes('web_fetch') ? { id, name: 'web_fetch', input: { url: intent.path } } : undefined;
    case 'todo':
      return tools.includes('update_todo') ? { id, name: 'update_todo', input: { todos: intent.items.map((item) => `- [ ] ${item}`).join('\n') } } : undefined;
    case 'task':
      return { id, name: 'task', input: { name: 'counter', description: intent.description, prompt: intent.prompt, agent_type: 'general-purpose' } };
  }
}

export const copilot: AgentProfile = {
  id: 'copilot',
  displayName: 'GitHub Copilot CLI',
  npmPackage: '@github/copilot',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'copilot'),
  protocol: openAIResponses,
  makeCall: callOf,
  configure() {
    // Configured by its environment alone: offline, with the lab as its model provider.
  },
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    const args = ['-p', prompt, '--output-format', 'json'];
    if (scenario.run?.ask) args.push('--allow-tool', 'view');
    else args.push('--allow-all-tools');
    if (resumeOf !== undefined) args.push('--resume', resumeOf);
    return {
      args,
      env: {
        COPILOT_OFFLINE: 'true',
        COPILOT_PROVIDER_BASE_URL: `${place.serverUrl}/v1`,
        COPILOT_PROVIDER_WIRE_API: 'responses',
        COPILOT_PROVIDER_API_KEY: 'sk-lab-not-a-key',
        COPILOT_MODEL: 'gpt-5.5',
      },
    };
  },
  sessionIdOf: (stdout) => /"sessionId":"([^"]+)"/.exec(stdout)?.[1],
  logDirs: ['.copilot/session-state'],
  hasPartialMessages: false,
};
