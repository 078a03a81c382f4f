import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareVersions } from '../../../tooling/recorded.js';
import { anthropicMessages } from '../protocols/anthropic.js';
import type { ToolCall, ToolIntent } from '../step.js';
import type { AgentProfile } from './agent.js';

/**
 * The first version whose TodoWrite items take `activeForm` (1.0.90 does); before it they take `id` and
 * `priority` (1.0.60 refuses an item without them). The versions between are untried, so 1.0.90 is a bound.
 */
const TODO_ACTIVE_FORM_SINCE = '1.0.90';

/** One TodoWrite item, in the form this version's schema names: the first item in progress. */
function todoItem(content: string, index: number, version = 'latest'): Record<string, string> {
  const status = index === 0 ? 'in_progress' : 'pending';
  if (compareVersions(version, TODO_ACTIVE_FORM_SINCE) >= 0) return { content, status, activeForm: content };
  return { id: String(index + 1), content, status, priority: 'high' };
}

/**
 * The first version that accepts `--dangerously-skip-permissions` as root in a sandbox (`IS_SANDBOX`): 1.0.30
 * refuses it as root whatever the environment, 1.0.60 takes it. The versions between are untried, so 1.0.60 is
 * a bound. Before it every tool the lab calls is allowed by name instead.
 */
const SANDBOX_SINCE = '1.0.60';

/** The first version whose Grep takes `output_mode` (1.0.30 refuses it as an unexpected parameter; 1.0.60 takes it; between untried). */
const GREP_OUTPUT_MODE_SINCE = '1.0.60';

/** The tools the lab's scenarios call, allowed by name where the permission checks cannot be bypassed. */
const ALL_TOOLS = ['Bash', 'Read', 'Edit', 'Write', 'Grep', 'Glob', 'LS', 'WebFetch', 'TodoWrite', 'Task'];

/**
 * The first version whose tools have today's names: 0.2.100 offers Read, Write, Grep, Glob, WebFetch and Task,
 * 0.2.70 View, Replace, GrepTool, GlobTool, WebFetchTool and dispatch_agent (the versions between are untried, so
 * 0.2.100 is a bound). Before it those names are allowed too; which one a call uses is read from the tools
 * the request offers.
 */
const TODAYS_TOOL_NAMES_SINCE = '0.2.100';
const OLD_TOOL_NAMES = ['View', 'Replace', 'GrepTool', 'GlobTool', 'WebFetchTool', 'dispatch_agent'];

/** Claude Code's tools for each intent, with the input its tool schemas name; Bash stands in for a tool the version does not offer. */
function callOf(intent: ToolIntent, tools: readonly string[], id: string, place: { work: string; serverUrl: string; version?: string }): ToolCall {
  const has = (name: string) => tools.includes(name);
  // A tool under its 0.2.70 name where the version offers that one and not today's.
  const named = (today: string, old: string) => (has(old) && !has(today) ? old : today);
  const path = (relative: string) => join(place.work, relative);
  const bash = (command: string, description: string): ToolCall => ({ id, name: 'Bash', input: { command, description } });
  switch (intent.kind) {
    case 'read':
      return { id, name: named('Read', 'View'), input: { file_path: path(intent.path) } };
    case 'write':
      return { id, name: named('Write', 'Replace'), input: { file_path: path(intent.path), content: intent.content } };
    case 'edit':
      return { id, name: 'Edit', input: { file_path: path(intent.path), old_string: intent.old, new_string: intent.new } };
    case 'shell':
      return bash(intent.command, 'Run a command');
    case 'grep':
      if (has('GrepTool') && !has('Grep')) return { id, name: 'GrepTool', input: { pattern: intent.pattern } };
      if (!has('Grep')) return bash(`grep -rn '${intent.pattern}' .`, 'Search the files');
      return { id, name: 'Grep', input: compareVersions(place.version ?? 'latest', GREP_OUTPUT_MODE_SINCE) >= 0 ? { pattern: intent.pattern, output_mode: 'content' } : { pattern: intent.pattern } };
    case 'glob':
      if (has('GlobTool') && !has('Glob')) return { id, name: 'GlobTool', input: { pattern: intent.pattern } };
      return has('Glob') ? { id, name: 'Glob', input: { pattern: intent.pattern } } : bash(`find . -name '${intent.pattern.replace('**/', '')}'`, 'Find the files');
    case 'fetch':
      return { id, name: named('WebFetch', 'WebFetchTool'), input: { url: `${place.serverUrl}${intent.path}`, prompt: 'What does it say?' } };
    case 'todo':
      // Versions without TodoWrite in print mode are asked for it all the same: the refusal is what they print then.
      return { id, name: 'TodoWrite', input: { todos: intent.items.map((content, index) => todoItem(content, index, place.version)) } };
    case 'task':
      // 0.2.70's dispatch_agent takes the prompt alone.
      if (has('dispatch_agent') && !has('Task')) return { id, name: 'dispatch_agent', input: { prompt: intent.prompt } };
      return { id, name: has('Agent') ? 'Agent' : 'Task', input: { description: intent.description, prompt: intent.prompt, subagent_type: 'general-purpose' } };
  }
}

export const claude: AgentProfile = {
  id: 'claude',
  displayName: 'Claude Code',
  npmPackage: '@anthropic-ai/claude-code',
  binary: (installDir) => join(installDir, 'node_modules', '.bin', 'claude'),
  protocol: anthropicMessages,
  makeCall: callOf,
  configure(place) {
    mkdirSync(join(place.home, '.claude'), { recursive: true });
    // Marks onboarding done, so that a first run prints no welcome.
    writeFileSync(join(place.home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true }));
  },
  invocation(scenario, place, resumeOf) {
    const prompt = resumeOf === undefined ? scenario.prompt : (scenario.run?.resume ?? '');
    // `--mode json` and `json-verbose`: one document at the end, an object without `--verbose`, an array of every message with it.
    const args = ['-p', prompt, '--output-format', place.mode === undefined ? 'stream-json' : 'json'];
    if (place.mode !== 'json') args.push('--verbose');
    if (scenario.run?.ask) args.push('--allowedTools', 'Read');
    else if (compareVersions(place.version, TODAYS_TOOL_NAMES_SINCE) < 0) args.push('--allowedTools', ...ALL_TOOLS, ...OLD_TOOL_NAMES);
    else if (compareVersions(place.version, SANDBOX_SINCE) < 0) args.push('--allowedTools', ...ALL_TOOLS);
    else args.push('--dangerously-skip-permissions');
    if (scenario.run?.partial) args.push('--include-partial-messages');
    if (resumeOf !== undefined) args.push('--resume', resumeOf);
    return {
      args,
      env: {
        ANTHROPIC_BASE_URL: place.serverUrl,
        ANTHROPIC_API_KEY: 'sk-ant-lab-not-a-key',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        CLAUDE_CODE_MAX_RETRIES: '0',
        DISABLE_AUTOUPDATER: '1',
        // As root, --dangerously-skip-permissions is accepted only in a sandbox.
        IS_SANDBOX: '1',
      },
    };
  },
  compactPrompt: () => '/compact',
  sessionIdOf: (stdout) => /"session_id":"([^"]+)"/.exec(stdout)?.[1],
  outputModes: { json: '.json', 'json-verbose': '.json' },
  logDirs: ['.claude/projects'],
  hasPartialMessages: true,
  // 1.0.108 refuses `--include-partial-messages` as an unknown option; 1.0.109 has it.
  partialMessagesSince: '1.0.109',
};
