import type { DisplayEventSource } from '@x/core';
import { claudeSource } from '@x/provider-claude';
import { codexSource } from '@x/provider-codex';
import { copilotSource } from '@x/provider-copilot';
import { geminiSource } from '@x/provider-gemini';
import { openCodeSource } from '@x/provider-opencode';

/** The agents whose CLI `@x/acp-agent` can drive. */
export const AGENT_IDS = ['claude', 'codex', 'gemini', 'opencode', 'copilot'] as const;

/** One of {@link AGENT_IDS}. */
export type AgentId = (typeof AGENT_IDS)[number];

/** What one prompt's run is made of: the prompt, the CLI's own session to resume, and the operator's extra arguments. */
export interface RunRequest {
  prompt: string;
  /** The CLI's session id from an earlier prompt of the same ACP session. */
  resumeId?: string | undefined;
  /** Arguments the operator gave (`xview acp-agent claude -- --model opus`), placed before the prompt. */
  extraArgs: readonly string[];
}

/**
 * How one CLI runs a prompt non-interactively with machine-readable output,
 * and which @x source reads that output.
 */
export interface AgentProfile {
  id: AgentId;
  displayName: string;
  /** The binary looked up on PATH when no command is configured. */
  command: string;
  source: DisplayEventSource;
  /** The arguments of one run, after the command. */
  args(request: RunRequest): string[];
}

/*
 * The prompt is one argument, never parsed by a shell. A prompt that starts
 * with `-` must not read as an option: it goes after `--` where the CLI takes
 * it as a positional argument, and as `--prompt=<text>` where `-p` takes a
 * value. The flags follow each provider's README and the capture lab's
 * invocations (lab/src/agents/), which recorded the fixtures.
 */
const resume = (flag: string, id: string | undefined): string[] => (id === undefined ? [] : [`${flag}=${id}`]);

const claude: AgentProfile = {
  id: 'claude',
  displayName: 'Claude Code',
  command: 'claude',
  source: claudeSource,
  args: ({ prompt, resumeId, extraArgs }) => ['-p', '--output-format', 'stream-json', '--verbose', ...extraArgs, ...resume('--resume', resumeId), '--', prompt],
};

const codex: AgentProfile = {
  id: 'codex',
  displayName: 'Codex',
  command: 'codex',
  source: codexSource,
  // `codex exec resume <id> <prompt>` is a subcommand of `exec`: the options of `exec` come before it.
  args: ({ prompt, resumeId, extraArgs }) => ['exec', '--json', ...extraArgs, ...(resumeId === undefined ? [] : ['resume', resumeId]), '--', prompt],
};

const gemini: AgentProfile = {
  id: 'gemini',
  displayName: 'Gemini CLI',
  command: 'gemini',
  source: geminiSource,
  args: ({ prompt, resumeId, extraArgs }) => ['--output-format', 'stream-json', ...extraArgs, ...resume('--resume', resumeId), `--prompt=${prompt}`],
};

const opencode: AgentProfile = {
  id: 'opencode',
  displayName: 'OpenCode',
  command: 'opencode',
  source: openCodeSource,
  // `--thinking` adds the reasoning parts, which `run --format json` leaves out by default.
  args: ({ prompt, resumeId, extraArgs }) => ['run', '--format', 'json', '--thinking', ...extraArgs, ...resume('--session', resumeId), '--', prompt],
};

const copilot: AgentProfile = {
  id: 'copilot',
  displayName: 'GitHub Copilot CLI',
  command: 'copilot',
  source: copilotSource,
  args: ({ prompt, resumeId, extraArgs }) => ['--output-format', 'json', ...extraArgs, ...resume('--resume', resumeId), `--prompt=${prompt}`],
};

const PROFILES: Readonly<Record<AgentId, AgentProfile>> = { claude, codex, gemini, opencode, copilot };

/** Whether `name` is one of {@link AGENT_IDS}. */
export function isAgentId(name: string): name is AgentId {
  return (AGENT_IDS as readonly string[]).includes(name);
}

/**
 * The profile of an agent by name; an unknown name throws a one-line error
 * that lists the known ones.
 */
export function agentProfile(name: string): AgentProfile {
  if (!isAgentId(name)) throw new UnknownAgentError(name);
  return PROFILES[name];
}

/** Thrown for an agent name that is not one of {@link AGENT_IDS}. */
export class UnknownAgentError extends Error {
  constructor(readonly agent: string) {
    super(`unknown agent ${JSON.stringify(agent)}: expected one of ${AGENT_IDS.join(', ')}`);
    this.name = 'UnknownAgentError';
  }
}
