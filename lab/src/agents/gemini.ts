import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { geminiApi } from '../protocols/gemini.js';
import type { ToolCall, ToolIntent } from '../step.js';
import { compareVersions } from '../../../tooling/recorded.js';
import type { AgentProfile } from './agent.js';

/** The first version with `--skip-trust` (0.38.2 refuses it as an unknown argument; 0.39.1 has it). */
const SKIP_TRUST_SINCE = '0.39.0';

/** The first version whose read_file takes `file_path` (0.13.0 takes `absolute_path`; 0.16.0 `file_path`; between untried) and has `--resume` (0.13.0 refuses it; 0.16.0 has it). */
const FILE_PATH_SINCE = '0.16.0';

/**
 * The first version that keeps `-m gemini-2.5-pro` while its model router is on (0.13.0 does). 0.11.3
 * turns that model into `auto` and sends a routing request of its own, whose retries on the lab's
 * answer take a minute and a half a run: before this the router is turned off in the settings.
 */
const MODEL_KEPT_SINCE = '0.13.0';

/**
 * The first version with `--output-format stream-json` (0.10.0 offers `text|json` only; 0.11.3 is the
 * oldest recorded with it). Before it a run prints one `--output-format json` document at its end,
 * recorded as `<scenario>.json` (`stdoutExtension`).
 */
const STREAM_JSON_SINCE = '0.11.0';

/** The model Gemini CLI is told to use: a fixed one, so that it sends no routing request of its own (`auto` does). */
const MODEL = 'gemini-2.5-pro';

/** Gemini CLI's tools for each intent, with the inputs its declarations name. */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string; version?: string }): ToolCall | undefined {
  const path = (relative: string) => join(place.work, relative);
  switch (intent.kind) {
    case 'read':
      return { id, name: 'read_file', input: compareVersions(place.version ?? 'latest', FILE_PATH_SINCE) >= 0 ? { file_path: path(intent.path) } : { absolute_path: path(intent.path) } };
    case 'write':
      return { id, name: 'write_file', input: { file_path: path(intent.path), content: intent.content } };
    case 'edit':
      return { id, name: 'replace', input: { file_path: path(intent.path), old_string: intent.old, new_string: intent.new, instruction: 'Fix the typo' } };
    case 'shell':
      return { id, name: 'run_shell_command', input: { command: intent.command, description: 'Run a command' } };
    case 'grep':
      // `search_file_content` until it was renamed (0.26.0 offers only that name).
      return { id, name: tools.includes('search_file_content') ? 'search_file_content' : 'grep_search', input: { pattern: intent.pattern } };
    case 'glob':
      return { id, name: 'glob', input: { pattern: intent.pattern } };
    case 'fetch':
      return { id, name: 'web_fetch', input: { prompt: `What does ${place.serverUrl}${intent.path} say?` } };
    case 'todo':
      return tools.includes('write_todos') ? { id, name: 'write_todos', input: { todos: intent.items.map((description, index) => ({ description, status: index === 0 ? 'in_progress' : 'pending' })) } } : undefined;
    case 'task':
      if (tools.includes('invoke_agent')) return { id, name: 'invoke_agent', input: { agent_name: 'generalist', prompt: intent.prompt } };
      // 0.26.0: `delegate_to_agent`, whose one agent on by default is the codebase investigator.
      if (tools.includes('delegate_to_agent')) return { id, name: 'delegate_to_agent', input: { agent_name: 'codebase_investigator', objective: intent.prompt } };
      // 0.20.0, 0.31.0 (and 0.38.2) offer each agent as a tool of its own: the codebase investigator takes an `objective`.
      return tools.includes('codebase_investigator') ? { id, name: 'codebase_investigator', input: { objective: intent.prompt } } : undefined;
  }
}

export const gemini: AgentProfile = {
  id: 'gemini',
  displayName: 'Gemini CLI',
  npmPackage: '@google/gemini-cli',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'gemini'),
  protocol: geminiApi,
  makeCall: callOf,
  configure(place) {
    mkdirSync(join(place.home, '.gemini'), { recursive: true });
    const settings = {
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { maxAttempts: 1 },
      ...(compareVersions(place.version, MODEL_KEPT_SINCE) < 0 ? { experimental: { useModelRouter: false } } : {}),
      // A compaction scenario: a threshold (a fraction of the model's 1M-token window) that any history passes.
      ...(place.compacts ? { model: { compressionThreshold: 0.000001 } } : {}),
    };
    writeFileSync(join(place.home, '.gemini', 'settings.json'), JSON.stringify(settings));
  },
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    const approval = scenario.run?.ask ? 'default' : 'yolo';
    const format = place.mode === 'json' || compareVersions(place.version, STREAM_JSON_SINCE) < 0 ? 'json' : 'stream-json';
    const args = ['-p', prompt, '-m', MODEL, '--output-format', format, '--approval-mode', approval];
    if (compareVersions(place.version, SKIP_TRUST_SINCE) >= 0) args.push('--skip-trust');
    if (resumeOf !== undefined) args.push('--resume', resumeOf);
    // Plain http is allowed for a loopback base URL only.
    return { args, env: { GEMINI_API_KEY: 'lab-not-a-key', GOOGLE_GEMINI_BASE_URL: place.serverUrl } };
  },
  sessionIdOf: (stdout) => /"session_id":"([^"]+)"/.exec(stdout)?.[1],
  stdoutExtension: (version) => (compareVersions(version, STREAM_JSON_SINCE) >= 0 ? '.jsonl' : '.json'),
  resumes: (version) => compareVersions(version, FILE_PATH_SINCE) >= 0,
  outputModes: { json: '.json' },
  logDirs: ['.gemini/tmp'],
  hasPartialMessages: false,
  // Not yolo: the CLI asks the ACP client before an edit or a command, and the client's answer is recorded.
  acpArgs: (place) => ['--acp', '-m', MODEL, ...(compareVersions(place.version, SKIP_TRUST_SINCE) >= 0 ? ['--skip-trust'] : [])],
};
