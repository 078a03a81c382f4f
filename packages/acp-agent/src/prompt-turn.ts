import { type AgentContext, type PromptResponse, RequestError, type Usage } from '@agentclientprotocol/sdk/unstable';
import type { UsageCounter } from '@x/core';
import type { AgentProfile } from './agents.js';
import { type ChildExit, startChild } from './child-run.js';
import { createTranslatorState, type TranslatorState, updatesOf } from './update-translator.js';

/** What a prompt turn needs of the ACP session it belongs to. */
export interface TurnSession {
  readonly id: string;
  readonly cwd: string;
  /** The CLI's own session, from the last prompt, to resume. */
  cliSessionId: string | undefined;
  /** The run in progress, to cancel it. */
  running: { cancel(): void; cancelled: boolean } | undefined;
}

/** How the CLI is started, whatever the prompt. */
export interface TurnLaunch {
  profile: AgentProfile;
  command: string;
  commandArgs: readonly string[];
  extraArgs: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  graceMs: number;
  /** Writes one line of the agent's own log (its standard error under `xview acp-agent`). */
  log: (line: string) => void;
}

/*
 * A session id taken from the CLI's output goes back to it as an argument:
 * one that could read as an option, or is no plain id, is not resumed.
 */
const RESUMABLE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

/** ACP's usage from the summed usage events, when the run reported any. */
function usageOf(counter: UsageCounter): Usage | undefined {
  const totals = counter.totals();
  if (totals.reported.length === 0) return undefined;
  const has = (field: (typeof totals.reported)[number]) => totals.reported.includes(field);
  return {
    totalTokens: totals.inputTokens + totals.outputTokens,
    inputTokens: totals.inputTokens,
    outputTokens: totals.outputTokens,
    ...(has('reasoningTokens') ? { thoughtTokens: totals.reasoningTokens } : {}),
    ...(has('cacheReadTokens') ? { cachedReadTokens: totals.cacheReadTokens } : {}),
    ...(has('cacheWriteTokens') ? { cachedWriteTokens: totals.cacheWriteTokens } : {}),
  };
}

/** The last non-empty line of the child's standard error, which tells why most CLIs failed. */
function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1);
}

/** The prompt's answer once the CLI is gone: its stop reason, or the error that ended it. */
function responseOf(launch: TurnLaunch, state: TranslatorState, exit: ChildExit, cancelled: boolean): PromptResponse {
  const usage = usageOf(state.usage);
  const answer = (stopReason: PromptResponse['stopReason']): PromptResponse => (usage === undefined ? { stopReason } : { stopReason, usage });
  if (cancelled || state.status === 'cancelled') return answer('cancelled');
  const name = launch.profile.displayName;
  if (exit.spawnError !== undefined)
    throw RequestError.internalError({ agent: launch.profile.id }, `could not start ${name} (${launch.command}): ${exit.spawnError.message}`);
  if (state.status === 'success') return answer('end_turn');
  if (!state.fatal && state.status !== 'error' && exit.code === 0) return answer('end_turn');
  const reason = state.lastError ?? lastLine(exit.stderrTail) ?? `it exited with ${exit.signal ?? `code ${exit.code}`}`;
  throw RequestError.internalError({ agent: launch.profile.id, exitCode: exit.code, stderr: exit.stderrTail }, `${name} failed: ${reason}`);
}

/**
 * Runs one `session/prompt`: starts the CLI (resuming its session after the
 * first prompt), forwards its display events as `session/update`s in order,
 * and answers with the stop reason once it has exited.
 */
export async function runPromptTurn(launch: TurnLaunch, session: TurnSession, prompt: string, client: AgentContext, notices: boolean): Promise<PromptResponse> {
  const args = [...launch.commandArgs, ...launch.profile.args({ prompt, resumeId: session.cliSessionId, extraArgs: launch.extraArgs })];
  const child = startChild({ command: launch.command, args, env: launch.env, cwd: session.cwd, source: launch.profile.source, graceMs: launch.graceMs });
  const running = {
    cancelled: false,
    cancel() {
      running.cancelled = true;
      child.cancel();
    },
  };
  session.running = running;
  const state = createTranslatorState(notices);
  let unread = 0;
  try {
    const exit = await child.events(
      async (event) => {
        for (const update of updatesOf(state, event)) await client.notify('session/update', { sessionId: session.id, update });
      },
      () => {
        unread += 1;
      },
    );
    if (unread > 0) {
      const message = `${launch.profile.displayName}: ${unread} line(s) of its output were not understood`;
      launch.log(message);
      if (notices) await client.notify('session/update', { sessionId: session.id, update: { sessionUpdate: 'notice', severity: 'warning', title: message } });
    }
    if (state.sessionId !== undefined && RESUMABLE_ID.test(state.sessionId)) session.cliSessionId = state.sessionId;
    return responseOf(launch, state, exit, running.cancelled);
  } finally {
    session.running = undefined;
  }
}
