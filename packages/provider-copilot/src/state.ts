import {
  createRecentMap,
  createSessionLifecycle,
  createTextAssembler,
  createToolCallTracker,
  type RecentMap,
  type SessionLifecycle,
  type TextAssembler,
  type ToolCallTracker,
} from '@x/core/provider-utils';
import { COPILOT_TOOL_ALIASES } from './tool-names.js';

/** Options of `createCopilotSource`, `createCopilotLogSource` and their parsers. */
export interface CopilotSourceOptions {
  /**
   * Whether Copilot's `report_intent` calls (what the agent says it is doing,
   * for Copilot's own status line) are shown as info notices (`code:
   * 'intent'`). Default `true`; with `false` they are left out, each line with
   * a reason.
   */
  showIntents?: boolean;
}

/**
 * How the output of a call reads, where Copilot's tool is known to print it
 * that way (tool-details.ts): the content read, one path or match per line,
 * or a shell command's output (which may end with its exit code).
 */
export type OutputShape = 'content' | 'one-per-line' | 'shell';

/** How many message and reasoning ids the delta bookkeeping remembers (each bounded by bytes: core's text assembler). */
const COVERAGE_LIMIT = 256;
/** How many output shapes of open calls are remembered (as many calls as core's tracker keeps open). */
const SHAPE_LIMIT = 1000;

/** The per-stream state of the Copilot parsers (stdout and session log), one object. */
export interface CopilotState {
  readonly showIntents: boolean;
  /** Start once, end pairs a start, a fatal error once, incomplete on flush. */
  readonly session: SessionLifecycle;
  readonly tools: ToolCallTracker;
  /** What deltas showed of each message, so that the complete message adds only the rest (prefix-checked). */
  readonly messages: TextAssembler;
  /** The same for each reasoning block (`assistant.reasoning_delta` then `assistant.reasoning`). */
  readonly reasonings: TextAssembler;
  /** All reasoning shown since the last `assistant.message`, one block: the message's `reasoningText` repeats it. */
  readonly reasoningSinceMessage: TextAssembler;
  /** The id of the last reasoning block shown, which names the message's `reasoningText` when it adds to it. */
  reasoningId: string | undefined;
  /** `report_intent` calls (compact ids) whose results are still to come (at most {@link MAX_INTENT_CALLS}). */
  readonly intents: Set<string>;
  /** How the output of each call announced reads, by compact call id. */
  readonly outputShapes: RecentMap<string, OutputShape>;
  sessionId: string | undefined;
  model: string | undefined;
  /** Top-level turns of the session (a subagent's turns carry `parentToolCallId`). */
  turns: number;
  /** A top-level `assistant.turn_start` has come and its `assistant.turn_end` not yet. */
  turnOpen: boolean;
  /** The sum of `assistant.message.outputTokens` (CLIs before 1.0.77 fill it in: quirk 1). */
  outputTokens: number | undefined;
  aborted: boolean;
  /** A `session.error` was reported: the non-zero exit that follows is not a second error. */
  fatalError: boolean;
  /**
   * The per-model token totals the last `session.shutdown` restated, with the
   * session start they count from: a resumed session's next shutdown reports
   * only what it adds beyond them (log-events.ts).
   */
  shutdownTotals: { since: number | undefined; byModel: RecentMap<string, Partial<Record<string, number>>> };
  /** The CLI version `session.start` names: whether a shutdown restates the totals depends on it (log-events.ts). */
  copilotVersion: string | undefined;
}

/**
 * How many models' restated totals a session remembers, by compact key: a
 * run uses a few, and a log naming a new model on every shutdown would
 * otherwise keep them all. A model forgotten has its next restated totals
 * counted whole.
 */
export const MAX_RESTATED_MODELS = 256;

/** How many `report_intent` calls without a result are remembered, so that their results can be left out. */
export const MAX_INTENT_CALLS = 64;

/** A fresh {@link CopilotState}. */
export function createCopilotState(options: CopilotSourceOptions = {}): CopilotState {
  return {
    showIntents: options.showIntents ?? true,
    session: createSessionLifecycle(),
    tools: createToolCallTracker({ aliases: COPILOT_TOOL_ALIASES }),
    messages: createTextAssembler({ maxBlocks: COVERAGE_LIMIT }),
    reasonings: createTextAssembler({ maxBlocks: COVERAGE_LIMIT }),
    reasoningSinceMessage: createTextAssembler({ maxBlocks: 1 }),
    reasoningId: undefined,
    intents: new Set(),
    outputShapes: createRecentMap(SHAPE_LIMIT),
    sessionId: undefined,
    model: undefined,
    turns: 0,
    outputTokens: undefined,
    aborted: false,
    turnOpen: false,
    fatalError: false,
    shutdownTotals: { since: undefined, byModel: createRecentMap(MAX_RESTATED_MODELS) },
    copilotVersion: undefined,
  };
}

/** A new session starts: what the last one counted no longer applies. */
export function resetRun(state: CopilotState): void {
  state.turns = 0;
  state.outputTokens = undefined;
  state.aborted = false;
  state.turnOpen = false;
  state.fatalError = false;
}

/** Remembers the model a line names (`selectedModel`, `model`), if it names one. */
export function noteModel(state: CopilotState, model: string | undefined): void {
  if (model !== undefined && model !== '') state.model = model;
}
