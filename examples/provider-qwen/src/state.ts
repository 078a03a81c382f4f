import {
  compactKey,
  createRecentMap,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  type RecentMap,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { qwenToolAliases } from './tool-names.js';

/** The block a partial message (`stream_event`) is streaming: its text or thinking id, by the index Qwen Code gives it. */
export interface StreamingBlock {
  index: number;
  kind: 'text' | 'reasoning';
  id: string;
}

/** Everything a Qwen Code stream parser knows between two lines. */
export interface QwenState {
  /** Announces each call once and joins its result on the id. */
  tracker: ToolCallTracker;
  /** One session start and one end; a fatal error reported once. */
  lifecycle: SessionLifecycle;
  /**
   * Text streamed as partial messages (`--include-partial-messages`), so that
   * the complete `assistant` line that follows adds only what was not shown.
   */
  text: TextAssembler;
  /** How many partial messages were started, and the id of the latest (its blocks' ids start with it). */
  partialMessages: number;
  partialMessageId: string;
  /** The blocks of the partial message being streamed. */
  streaming: StreamingBlock[];
  /** Block ids the partial messages streamed, in order, for the complete lines that repeat them. */
  streamed: { kind: 'text' | 'reasoning'; id: string }[];
  /** The ids of recent shell calls (compacted), whose results are read as Qwen Code's shell record. */
  shellCalls: RecentMap<string, true>;
  /** Whether a model request failed (`[API Error: …]`): the run failed, whatever its `result` line says (0.15 says success). */
  requestFailed: boolean;
}

/** How many shell calls are remembered for their results: far more than are ever open at once. */
const SHELL_CALLS_KEPT = 1024;

/** Remembers a shell call, so that its result is read as a shell record. */
export function rememberShellCall(state: QwenState, id: string): void {
  state.shellCalls.set(compactKey(id), true);
}

/** Whether a call is a shell call this stream announced. */
export function isShellCall(state: QwenState, id: string): boolean {
  return state.shellCalls.has(compactKey(id));
}

/** A parser's state before the first line. */
export function createQwenState(): QwenState {
  return {
    tracker: createToolCallTracker({ aliases: qwenToolAliases }),
    lifecycle: createSessionLifecycle(),
    text: createTextAssembler(),
    partialMessages: 0,
    partialMessageId: 'partial-0',
    streaming: [],
    streamed: [],
    shellCalls: createRecentMap(SHELL_CALLS_KEPT),
    requestFailed: false,
  };
}
