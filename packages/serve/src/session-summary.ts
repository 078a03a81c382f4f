import { createRunAggregator, fileEditsOf, type DisplayEvent, type FileEdit, type RunOutcome, type SessionStatus } from '@x/core';

/** One turn's figures: one turn per prompt the person typed (core's turn rule). */
export interface TurnSummary {
  /** 1-based, as the transcript's turn headings number them. */
  turn: number;
  /** The index of the event that opened it in the session's event stream. */
  firstEvent: number;
  /** The prompt that opened it, cut to one line. */
  prompt?: string;
  startedAt?: string;
  endedAt?: string;
  /** Input + output tokens the turn added to the run's totals. */
  tokens: number;
  /** Cost the turn added, where the log records cost. */
  costUsd?: number;
}

/** One tool call's edits, with where it is in the stream. */
export interface EditRecord {
  eventIndex: number;
  turn: number;
  edits: FileEdit[];
}

/** What the list filters and the session page need from one pass over a session's events. */
export interface SessionSummary {
  status: SessionStatus;
  durationMs?: number;
  turns: TurnSummary[];
  edits: EditRecord[];
  /** Event indexes of the compactions (notices with code `compaction`). */
  compactions: number[];
  /** Events read. */
  events: number;
  /** The summary's estimated heap bytes (its edits, turns and compactions), for a cache bounded by bytes. */
  estimatedBytes: number;
  /** Edits past {@link MAX_EDIT_BYTES} were left out. */
  editsCut: boolean;
}

/**
 * The estimated heap bytes of the edits a summary keeps; past it later edits
 * are counted as cut (memory bounded by bytes, docs/memory.md). Measured
 * (`pnpm bench`, "Site memory"): a budget of 4 Mi characters let short diff
 * lines cost many times their text (each line is an object and a string of
 * its own), and `xview site`, whose pages carry their changes, peaked at
 * 194 MiB on a 300 MB or a 1 GB log; with this budget, 125 MiB at both.
 */
export const MAX_EDIT_BYTES = 4 * 1024 * 1024;
/** Estimated bytes of one diff line beyond its text (the line object, its string's header). */
const LINE_OVERHEAD = 80;
/** Estimated bytes of one edit beyond its lines and strings. */
const EDIT_OVERHEAD = 160;
/** Estimated bytes of a summary beyond its lists. */
const SUMMARY_OVERHEAD = 512;

/** A turn's estimated bytes: its object and its strings. */
function turnBytes(turn: TurnSummary): number {
  return 120 + 2 * ((turn.prompt?.length ?? 0) + (turn.startedAt?.length ?? 0) + (turn.endedAt?.length ?? 0));
}
/** Turns kept per session: a log of more lists the first ones only. */
const MAX_TURNS = 10_000;

/** The tool kinds whose input can describe a file change. */
const EDIT_KINDS: ReadonlySet<string> = new Set(['edit', 'delete', 'move']);

interface SummaryState {
  aggregator: ReturnType<typeof createRunAggregator>;
  summary: SessionSummary;
  /** Token and cost totals when the current turn opened. */
  tokensBefore: number;
  costBefore: number | undefined;
  editBytes: number;
}

function totalTokens(outcome: RunOutcome): number {
  return outcome.usage.inputTokens + outcome.usage.outputTokens;
}

function closeTurn(state: SummaryState, outcome: RunOutcome): void {
  const current = state.summary.turns.at(-1);
  if (current === undefined) return;
  current.tokens = totalTokens(outcome) - state.tokensBefore;
  if (outcome.usage.costUsd !== undefined) current.costUsd = outcome.usage.costUsd - (state.costBefore ?? 0);
  state.tokensBefore = totalTokens(outcome);
  state.costBefore = outcome.usage.costUsd;
}

function openTurn(state: SummaryState, event: DisplayEvent, index: number): void {
  closeTurn(state, state.aggregator.outcome());
  if (state.summary.turns.length >= MAX_TURNS) return;
  const turn: TurnSummary = { turn: state.aggregator.turns, firstEvent: index, tokens: 0 };
  if (event.kind === 'prompt') turn.prompt = event.text.replace(/\s+/g, ' ').trim().slice(0, 160);
  state.summary.turns.push(turn);
}

function noteEdits(state: SummaryState, event: DisplayEvent, index: number): void {
  if (event.kind !== 'tool-use' || !EDIT_KINDS.has(event.toolKind) || state.summary.editsCut) return;
  const edits = fileEditsOf(event.input);
  if (edits.length === 0) return;
  const bytes = edits.reduce(
    (n, e) => n + EDIT_OVERHEAD + 2 * (e.path.length + (e.content?.length ?? 0)) + e.lines.reduce((m, l) => m + LINE_OVERHEAD + 2 * l.text.length, 0),
    0,
  );
  if (state.editBytes + bytes > MAX_EDIT_BYTES) {
    state.summary.editsCut = true;
    return;
  }
  state.editBytes += bytes;
  state.summary.edits.push({ eventIndex: index, turn: Math.max(1, state.aggregator.turns), edits });
}

/** Sums up a session's events as they are pushed, in stream order; `finish` gives the summary. */
export interface Summarizer {
  push(event: DisplayEvent): void;
  finish(): SessionSummary;
}

/** A summary built one event at a time, so a pass that renders the events can sum them up too. */
export function createSummarizer(): Summarizer {
  const state: SummaryState = {
    aggregator: createRunAggregator({ listCalls: false }),
    summary: { status: 'incomplete', turns: [], edits: [], compactions: [], events: 0, estimatedBytes: 0, editsCut: false },
    tokensBefore: 0,
    costBefore: undefined,
    editBytes: 0,
  };
  let index = 0;
  return {
    push(event) {
      const before = state.aggregator.turns;
      state.aggregator.push(event);
      if (state.aggregator.turns !== before) openTurn(state, event, index);
      const current = state.summary.turns.at(-1);
      if (current !== undefined && event.timestamp !== undefined) {
        current.startedAt ??= event.timestamp;
        current.endedAt = event.timestamp;
      }
      noteEdits(state, event, index);
      if (event.kind === 'notice' && event.code === 'compaction') state.summary.compactions.push(index);
      index++;
    },
    finish() {
      const outcome = state.aggregator.outcome();
      closeTurn(state, outcome);
      state.summary.status = outcome.status;
      if (outcome.durationMs !== undefined) state.summary.durationMs = outcome.durationMs;
      state.summary.events = index;
      state.summary.estimatedBytes = SUMMARY_OVERHEAD + state.editBytes + 8 * state.summary.compactions.length + state.summary.turns.reduce((n, t) => n + turnBytes(t), 0);
      return state.summary;
    },
  };
}

/** Reads a session's events once and sums up what the list and the session page show. */
export async function summarizeEvents(events: AsyncIterable<DisplayEvent>): Promise<SessionSummary> {
  const summarizer = createSummarizer();
  for await (const event of events) summarizer.push(event);
  return summarizer.finish();
}

/** A turn's duration from its first to its last timestamp, when both parse. */
export function turnDurationMs(turn: TurnSummary): number | undefined {
  if (turn.startedAt === undefined || turn.endedAt === undefined) return undefined;
  const ms = Date.parse(turn.endedAt) - Date.parse(turn.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** The events as they come, each handed to `summarizer` on its way (to a page being written). */
export async function* summedOnTheWay(events: AsyncIterable<DisplayEvent>, summarizer: Summarizer): AsyncGenerator<DisplayEvent> {
  for await (const event of events) {
    summarizer.push(event);
    yield event;
  }
}
