import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatCompletions } from '../protocols/chat.js';
import type { ToolCall, ToolIntent } from '../step.js';
import { compareVersions } from '../../../tooling/recorded.js';
import type { AgentProfile, RunPlace } from './agent.js';

/** The lab's provider and model, as OpenCode names a model: `<provider>/<model>`. */
const MODEL = 'lab/lab-model';

/** The first version given `--thinking` (see the invocation). */
const THINKING_SINCE = '1.1.0';

/** OpenCode's data folder under the throwaway home (`$XDG_DATA_HOME/opencode`, XDG_DATA_HOME unset). */
const DATA = '.local/share/opencode';

/** OpenCode's tools for each intent, with the inputs its tool schemas name (camelCase paths). */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string }): ToolCall | undefined {
  const path = (relative: string) => join(place.work, relative);
  switch (intent.kind) {
    case 'read':
      return { id, name: 'read', input: { filePath: path(intent.path) } };
    case 'write':
      return { id, name: 'write', input: { filePath: path(intent.path), content: intent.content } };
    case 'edit':
      return { id, name: 'edit', input: { filePath: path(intent.path), oldString: intent.old, newString: intent.new } };
    case 'shell':
      return { id, name: 'bash', input: { command: intent.command, description: 'Run a command' } };
    case 'grep':
      return { id, name: 'grep', input: { pattern: intent.pattern } };
    case 'glob':
      return { id, name: 'glob', input: { pattern: intent.pattern } };
    case 'fetch':
      return tools.includes('webfetch') ? { id, name: 'webfetch', input: { url: `${place.serverUrl}${intent.path}`, format: 'text' } } : undefined;
    case 'todo':
      return tools.includes('todowrite')
        ? { id, name: 'todowrite', input: { todos: intent.items.map((content, index) => ({ id: String(index + 1), content, status: index === 0 ? 'in_progress' : 'pending', priority: 'high' })) } }
        : undefined;
    case 'task':
      return tools.includes('task') ? { id, name: 'task', input: { description: intent.description, prompt: intent.prompt, subagent_type: 'general' } } : undefined;
  }
}

/**
 * `~/.config/opencode/opencode.json`: the lab as an OpenAI-compatible
 * provider (the provider package is installed from the npm registry at the
 * first run), for the model and the small model (titles), with nothing that
 * reaches another host: no update check, no sharing, no models.dev fetch
 * (`OPENCODE_DISABLE_MODELS_FETCH`).
 */
function configure(place: RunPlace): void {
  const dir = join(place.home, '.config', 'opencode');
  mkdirSync(dir, { recursive: true });
  const config = {
    $schema: 'https://opencode.ai/config.json',
    provider: {
      lab: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Lab',
        options: { baseURL: `${place.serverUrl}/v1`, apiKey: 'sk-lab-not-a-key' },
        models: { 'lab-model': { name: 'Lab model', tool_call: true, reasoning: true } },
      },
    },
    model: MODEL,
    small_model: MODEL,
    autoupdate: false,
    share: 'disabled',
  };
  writeFileSync(join(dir, 'opencode.json'), JSON.stringify(config, null, 2));
}

export const opencode: AgentProfile = {
  id: 'opencode',
  displayName: 'OpenCode',
  npmPackage: 'opencode-ai',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'opencode'),
  protocol: chatCompletions,
  makeCall: callOf,
  configure,
  needs: [{ program: 'rg', why: 'without it its grep and glob tools download ripgrep from github.com; the lab reaches only 127.0.0.1 (apt-get install ripgrep)' }],
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    // `--thinking` adds the reasoning parts to the JSON events, which leave them out by default. 1.0.152 refuses it
    // (it prints its usage and exits 1) and 1.1.65 has it; the versions between are untried, so 1.1.0 is a guess.
    const thinking = compareVersions(place.version, THINKING_SINCE) >= 0 ? ['--thinking'] : [];
    const args = ['run', '--format', 'json', ...thinking, '-m', MODEL];
    if (resumeOf !== undefined) args.push('--session', resumeOf);
    args.push(prompt);
    const env: Record<string, string> = { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_SHARE: '1' };
    // A command must be asked for, and `run` has no one to ask: the call is refused (1.0 instead draws a prompt on
    // standard output and waits for an answer until the lab's timeout).
    if (scenario.run?.ask) env.OPENCODE_PERMISSION = JSON.stringify({ bash: 'ask' });
    return { args, env };
  },
  sessionIdOf: (stdout) => /"sessionID":"([^"]+)"/.exec(stdout)?.[1],
  // ≤1.1 keeps JSON files under storage/; 1.2+ an SQLite database with its write-ahead log beside it.
  logDirs: [`${DATA}/storage`, `${DATA}/opencode.db`, `${DATA}/opencode.db-wal`],
  hasPartialMessages: false,
  // The model comes from opencode.json; `OPENCODE_PERMISSION` (the refused command) makes it ask the ACP client.
  acpArgs: () => ['acp'],
};
