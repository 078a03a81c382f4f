import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareVersions } from '../../../tooling/recorded.js';
import { chatCompletions } from '../protocols/chat.js';
import { openAIResponses } from '../protocols/responses.js';
import type { ToolCall, ToolIntent } from '../step.js';
import type { AgentProfile } from './agent.js';

/** A patch in the grammar the `apply_patch` tool declares (Copilot CLI shares Codex's). */
const patch = (body: string): ToolCall['input'] => ({ input: `*** Begin Patch\n${body}*** End Patch\n` });

/** 0.0.340's one file tool, `str_replace_editor`, whose `command` says what it does (it offers no `view`, `create` or `edit`). */
function editorCall(intent: ToolIntent, id: string, work: string): ToolCall | undefined {
  const call = (input: Record<string, unknown>): ToolCall => ({ id, name: 'str_replace_editor', input });
  if (intent.kind === 'read') return call({ command: 'view', path: join(work, intent.path) });
  if (intent.kind === 'write') return call({ command: 'create', path: join(work, intent.path), file_text: intent.content });
  if (intent.kind === 'edit') return call({ command: 'str_replace', path: join(work, intent.path), old_str: intent.old, new_str: intent.new });
  return undefined;
}

/** Copilot CLI's tools for each intent, with the inputs its tool schemas require. */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string }): ToolCall | undefined {
  const bash = (command: string): ToolCall => ({ id, name: 'bash', input: { command, description: 'Run a command' } });
  const editor = tools.includes('view') ? undefined : editorCall(intent, id, place.work);
  if (editor !== undefined && tools.includes('str_replace_editor')) return editor;
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
    // The lab's page, whole: a bare path is `Invalid URL` to 0.0.423's web_fetch (1.0.x, offline, offers no web_fetch).
    case 'fetch':
      return tools.includes('web_fetch') ? { id, name: 'web_fetch', input: { url: `${place.serverUrl}${intent.path}` } } : undefined;
    case 'todo':
      return tools.includes('update_todo') ? { id, name: 'update_todo', input: { todos: intent.items.map((item) => `- [ ] ${item}`).join('\n') } } : undefined;
    case 'task':
      return { id, name: 'task', input: { name: 'counter', description: intent.description, prompt: intent.prompt, agent_type: 'general-purpose' } };
  }
}

/**
 * The first version with an offline mode and a model provider of its own
 * (`COPILOT_OFFLINE`, `COPILOT_PROVIDER_*`): 1.0.12 has them, 1.0.7 has
 * neither (the versions between are untried). Before it the CLI calls the
 * Copilot API, which `COPILOT_API_URL` points at the lab: with that set, the
 * token of `COPILOT_GITHUB_TOKEN` is sent as it is, and no GitHub user is
 * looked up (0.0.423's `tryGitHubTokenLogin`).
 */
const OFFLINE_SINCE = '1.0.12';

/**
 * The first version with `--output-format json` (its changelog: 0.0.422).
 * Before it `-p` prints plain text, kept beside the session logs
 * (lab/README.md), and the session to resume is found in those logs.
 */
const JSON_SINCE = '0.0.422';

/**
 * The first version that reads `COPILOT_GITHUB_TOKEN` and has
 * `--disable-builtin-mcps` (0.0.354 has both, 0.0.343 neither; the versions
 * between are untried). Before it the lab signs in the way a Copilot API
 * client with an HMAC key does (`COPILOT_HMAC_KEY`, 0.0.340's
 * `tryHMACLogin`): a GitHub token would be checked against api.github.com
 * first (`tryGitHubTokenLogin`), and an HMAC login starts no GitHub MCP
 * server (`shouldHandleGitHubAuth` is false for it). Such a version lists its
 * models at the fixed `https://api.githubcopilot.com/models` whatever
 * `COPILOT_API_URL` says (the lab's TLS front answers it), takes only
 * `gpt-5` of the models the lab could offer, and calls Chat Completions.
 */
const GITHUB_TOKEN_SINCE = '0.0.354';

/** Whether this version predates {@link GITHUB_TOKEN_SINCE}. */
const beforeToken = (version: string) => compareVersions(version, GITHUB_TOKEN_SINCE) < 0;

/** The model the Copilot API's list offers: one that 0.0.423 knows (it refuses `gpt-5`, "No supported model available"); 0.0.340 knows only `gpt-5` of OpenAI's. */
const copilotApiModel = (version: string) => (beforeToken(version) ? 'gpt-5' : 'gpt-5.2');

/**
 * The Copilot API's model list as the lab serves it: one model, enabled,
 * whose `supported_endpoints` name `/responses`, so that the CLI calls the
 * lab's Responses server (it reads the limits to size the conversation).
 */
const copilotApiModels = (model: string) => ({
  object: 'list',
  data: [
    {
      id: model,
      name: model.toUpperCase(),
      object: 'model',
      vendor: 'OpenAI',
      version: model,
      preview: false,
      model_picker_enabled: true,
      capabilities: {
        family: model,
        type: 'chat',
        object: 'model_capabilities',
        tokenizer: 'o200k_base',
        limits: { max_context_window_tokens: 400_000, max_prompt_tokens: 128_000, max_output_tokens: 128_000 },
        supports: { streaming: true, tool_calls: true, parallel_tool_calls: true, structured_outputs: true },
      },
      policy: { state: 'enabled', terms: '' },
      supported_endpoints: ['/chat/completions', '/responses'],
    },
  ],
});

/** The environment that points a version at the lab: its own offline provider from 1.0.12, the Copilot API's address before. */
function labEnv(version: string, serverUrl: string): Record<string, string> {
  if (compareVersions(version, OFFLINE_SINCE) < 0) {
    const login: Record<string, string> = beforeToken(version) ? { COPILOT_HMAC_KEY: 'lab-not-a-key' } : { COPILOT_GITHUB_TOKEN: 'lab-not-a-token' };
    return {
      COPILOT_API_URL: `${serverUrl}/v1`,
      ...login,
      COPILOT_MODEL: copilotApiModel(version),
      // Else it asks api.github.com for its latest release.
      COPILOT_AUTO_UPDATE: 'false',
    };
  }
  return {
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_BASE_URL: `${serverUrl}/v1`,
    COPILOT_PROVIDER_WIRE_API: 'responses',
    COPILOT_PROVIDER_API_KEY: 'sk-lab-not-a-key',
    COPILOT_MODEL: 'gpt-5.5',
  };
}

/**
 * The one session a plain-text run left in its throwaway home: a folder or
 * `<id>.jsonl` under `session-state/`, or 0.0.340's
 * `history-session-state/session_<id>_<ms>.json`.
 */
function sessionInHome(home: string): string | undefined {
  const list = (dir: string) => (existsSync(join(home, '.copilot', dir)) ? readdirSync(join(home, '.copilot', dir)) : []);
  const names = [...list('session-state').map((name) => name.replace(/\.jsonl$/, '')), ...list('history-session-state').map((name) => /^session_(.+)_\d+\.json$/.exec(name)?.[1])];
  return names.find((name) => name !== undefined);
}

export const copilot: AgentProfile = {
  id: 'copilot',
  displayName: 'GitHub Copilot CLI',
  npmPackage: '@github/copilot',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'copilot'),
  protocol: openAIResponses,
  makeCall: callOf,
  configure() {
    // Configured by its environment alone (labEnv).
  },
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    const args = compareVersions(place.version, JSON_SINCE) < 0 ? ['-p', prompt] : ['-p', prompt, '--output-format', 'json'];
    if (scenario.run?.ask) args.push('--allow-tool', 'view');
    else args.push('--allow-all-tools');
    if (resumeOf !== undefined) args.push('--resume', resumeOf);
    // Before the offline mode the built-in GitHub MCP server is the Copilot API's (`<COPILOT_API_URL>/mcp/readonly`), which the lab does not serve.
    if (compareVersions(place.version, OFFLINE_SINCE) < 0 && !beforeToken(place.version)) args.push('--disable-builtin-mcps');
    return { args, env: labEnv(place.version, place.serverUrl) };
  },
  protocolFor: (version) => (beforeToken(version) ? chatCompletions : openAIResponses),
  fixedHosts: (version) => (beforeToken(version) ? ['api.githubcopilot.com'] : []),
  modelList: (version) => (compareVersions(version, OFFLINE_SINCE) < 0 ? copilotApiModels(copilotApiModel(version)) : undefined),
  compactPrompt: () => '/compact',
  sessionIdOf: (stdout, home) => /"sessionId":"([^"]+)"/.exec(stdout)?.[1] ?? sessionInHome(home),
  streamsSince: JSON_SINCE,
  // 0.0.340 keeps a session as one JSON document in history-session-state/ (docs/formats/copilot.md, section 5).
  logDirs: ['.copilot/session-state', '.copilot/history-session-state'],
  hasPartialMessages: false,
};
