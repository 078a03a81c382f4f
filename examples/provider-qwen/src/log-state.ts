import {
  compactKey,
  createRecentMap,
  createSessionLifecycle,
  createToolCallTracker,
  type RecentMap,
  type SessionLifecycle,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import type { SessionStatus } from '@x/core';
import { qwenToolAliases } from './tool-names.js';

/** What the last record that counts for the session's end was. */
export type LastRecord = 'none' | 'prompt' | 'answer' | 'cut' | 'calls' | 'result' | 'error';

/** Everything a Qwen Code session log parser knows between two records. */
export interface QwenLogState {
  tracker: ToolCallTracker;
  lifecycle: SessionLifecycle;
  sessionId: string | undefined;
  /** The first and the latest record's timestamp: the session's duration. */
  firstTimestamp: string | undefined;
  lastTimestamp: string | undefined;
  last: LastRecord;
  /** How many assistant records without a uuid were given an id. */
  anonymous: number;
  /** The ids of recent shell calls (compacted), whose results are read as Qwen Code's shell record. */
  shellCalls: RecentMap<string, true>;
}

const SHELL_CALLS_KEPT = 1024;

export function createQwenLogState(): QwenLogState {
  return {
    tracker: createToolCallTracker({ aliases: qwenToolAliases }),
    lifecycle: createSessionLifecycle(),
    sessionId: undefined,
    firstTimestamp: undefined,
    lastTimestamp: undefined,
    last: 'none',
    anonymous: 0,
    shellCalls: createRecentMap(SHELL_CALLS_KEPT),
  };
}

export function rememberLogShellCall(state: QwenLogState, id: string): void {
  state.shellCalls.set(compactKey(id), true);
}

export function isLogShellCall(state: QwenLogState, id: string): boolean {
  return state.shellCalls.has(compactKey(id));
}

/**
 * How a session whose log ends here ended: a whole answer (with its usage)
 * with no call after it is a finished turn; a failed request ends it in
 * error; anything else (a prompt or a call still waiting, an answer cut off,
 * a log still being written) is incomplete.
 */
function endStatus(state: QwenLogState): SessionStatus {
  if (state.last === 'answer') return 'success';
  if (state.last === 'error') return 'error';
  return 'incomplete';
}

/** The session's end at the end of the log: its status, and its duration from the first record to the last. */
export function endLogSession(state: QwenLogState): ReturnType<SessionLifecycle['end']> {
  if (!state.lifecycle.open) return [];
  const first = state.firstTimestamp === undefined ? Number.NaN : Date.parse(state.firstTimestamp);
  const last = state.lastTimestamp === undefined ? Number.NaN : Date.parse(state.lastTimestamp);
  return state.lifecycle.end(endStatus(state), {
    sessionId: state.sessionId,
    ...(last >= first ? { durationMs: last - first } : {}),
    ...(state.lastTimestamp === undefined ? {} : { timestamp: state.lastTimestamp }),
  });
}
