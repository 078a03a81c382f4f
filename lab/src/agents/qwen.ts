import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatCompletions } from '../protocols/chat.js';
import type { ToolCall, ToolIntent } from '../step.js';
import type { AgentProfile, RunPlace } from './agent.js';

/** The model Qwen Code is told to use (`OPENAI_MODEL`): any name, the lab answers every one. */
const MODEL = 'lab-model';

/**
 * Whether the tools are 0.8's, which name the path of `read_file`
 * `absolute_path` and require `is_background` of `run_shell_command`: its main
 * conversation offers `task` (0.15 on: `agent`), a subagent's
 * `read_many_files` (which 0.15 and 0.24 do not offer).
 */
const isQwen08 = (tools: readonly string[]): boolean => tools.includes('task') || tools.includes('read_many_files');

/**
 * Qwen Code's tools for each intent, with the inputs its declarations name
 * (packages/core/src/tools/tool-names.ts in the bundle: `read_file`,
 * `write_file`, `edit`, `run_shell_command`, `grep_search`, `glob`,
 * `web_fetch`, `todo_write`, `agent`, 0.8's `task`). 0.24 offers no `todo_write` to a
 * headless run, and offers `web_fetch` only through `tool_call`.
 */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string }): ToolCall | undefined {
  const path = (relative: string) => join(place.work, relative);
  switch (intent.kind) {
    case 'read':
      return { id, name: 'read_file', input: isQwen08(tools) ? { absolute_path: path(intent.path) } : { file_path: path(intent.path) } };
    case 'write':
      return { id, name: 'write_file', input: { file_path: path(intent.path), content: intent.content } };
    case 'edit':
      return { id, name: 'edit', input: { file_path: path(intent.path), old_string: intent.old, new_string: intent.new } };
    case 'shell':
      return { id, name: 'run_shell_command', input: { command: intent.command, description: 'Run a command', ...(isQwen08(tools) ? { is_background: false } : {}) } };
    case 'grep':
      return { id, name: 'grep_search', input: { pattern: intent.pattern } };
    case 'glob':
      return { id, name: 'glob', input: { pattern: intent.pattern } };
    case 'fetch': {
      const input = { url: `${place.serverUrl}${intent.path}`, prompt: 'What does the page say?' };
      if (tools.includes('web_fetch')) return { id, name: 'web_fetch', input };
      // 0.24 offers web_fetch as a deferred tool, reached through `tool_call`.
      return tools.includes('tool_call') ? { id, name: 'tool_call', input: { name: 'web_fetch', arguments: input } } : undefined;
    }
    case 'todo':
      return tools.includes('todo_write')
        ? {
            id,
            name: 'todo_write',
            input: { todos: intent.items.map((content, index) => ({ id: String(index + 1), content, status: index === 0 ? 'in_progress' : 'pending' })) },
          }
        : undefined;
    case 'task': {
      // `agent` from 0.15; 0.8 names the same tool, with the same inputs, `task`.
      const name = ['agent', 'task'].find((tool) => tools.includes(tool));
      return name === undefined ? undefined : { id, name, input: { description: intent.description, prompt: intent.prompt, subagent_type: 'general-purpose' } };
    }
  }
}

/**
 * `~/.qwen/settings.json`: the OpenAI-compatible auth (the endpoint, key and
 * model come from the environment), no usage statistics and no update check,
 * so that nothing but the lab server is called.
 */
function configure(place: RunPlace): void {
  const dir = join(place.home, '.qwen');
  mkdirSync(dir, { recursive: true });
  const settings = {
    security: { auth: { selectedType: 'openai' } },
    privacy: { usageStatisticsEnabled: false },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    // No retries of a failed request (the OpenAI client's and the rate-limit loop's): an error scenario records one request, not minutes of backoff.
    model: { name: MODEL, generationConfig: { maxRetries: 0 } },
  };
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

export const qwen: AgentProfile = {
  id: 'qwen',
  displayName: 'Qwen Code',
  npmPackage: '@qwen-code/qwen-code',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'qwen'),
  protocol: chatCompletions,
  makeCall: callOf,
  configure,
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    const approval = scenario.run?.ask ? 'default' : 'yolo';
    const args = ['-p', prompt, '--output-format', 'stream-json', '--approval-mode', approval];
    if (scenario.run?.partial) args.push('--include-partial-messages');
    if (resumeOf !== undefined) args.push('--resume', resumeOf);
    return { args, env: { OPENAI_BASE_URL: `${place.serverUrl}/v1`, OPENAI_API_KEY: 'sk-lab-not-a-key', OPENAI_MODEL: MODEL } };
  },
  sessionIdOf: (stdout) => /"session_id":"([^"]+)"/.exec(stdout)?.[1],
  // `<runtime>/projects/<project>/chats/<session>.jsonl`, subagents under `projects/<project>/subagents/`.
  logDirs: ['.qwen/projects'],
  hasPartialMessages: true,
  // The default approval mode: the CLI asks the ACP client before an edit or a command.
  acpArgs: () => ['--acp'],
  // Qwen Code's provider is the example plugin, written against the public contracts only.
  recordedVersionFile: 'examples/provider-qwen/src/recorded-version.ts',
  xviewPlugins: ['examples/provider-qwen'],
};
