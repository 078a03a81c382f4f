import type { SessionDisplayEvent } from './display-event.js';
import { capText, RUN_OUTCOME_MAX_ID_CHARS } from './run-call-list.js';
import type { Diagnostic } from './source.js';
import { compareVersions } from './version-compare.js';

/** How many distinct reasons `RunOutcome.unknown` counts (as many as `lines.reasons`). */
const MAX_UNKNOWN_REASONS = 100;

/**
 * The drift verdict of a run: whether the stream came from a newer version of
 * the agent's CLI than its source was tested with, and how many lines were of
 * a kind the source did not know. A newer version alone is no alarm; nor are
 * unknown lines from a tested version (those are a defect of the source).
 */
export interface RunDrift {
  /** `agentVersion` is newer than `testedUpTo`. */
  newer: boolean;
  /** Every `unknown` diagnostic, counted or not in `unknown`. */
  unknownLines: number;
  /** `newer` and at least one unknown line: the format has probably changed. */
  alarm: boolean;
}

/** The drift facts a `RunOutcome` carries. */
export interface DriftFacts {
  agentVersion: string | undefined;
  testedUpTo: string | undefined;
  unknown: Record<string, number>;
  drift: RunDrift | undefined;
  /** `unknown` diagnostics whose reason was past the first hundred distinct ones. */
  omittedUnknown: number;
}

/** Collects the drift facts of one run: the agent's version, and the unknown lines by reason. */
export interface DriftTracker {
  session(event: SessionDisplayEvent): void;
  diagnose(diagnostic: Diagnostic, reason: string): void;
  facts(): DriftFacts;
}

interface DriftState {
  agentVersion: string | undefined;
  unknown: Record<string, number>;
  kinds: number;
  total: number;
  omitted: number;
}

/**
 * The drift verdict of two versions and a count, or `undefined` when either
 * version is missing or not one `compareVersions` can order: without both,
 * nothing can be said.
 */
export function driftOf(agentVersion: string | undefined, testedUpTo: string | undefined, unknownLines: number): RunDrift | undefined {
  if (agentVersion === undefined || testedUpTo === undefined) return undefined;
  const order = compareVersions(agentVersion, testedUpTo);
  if (order === undefined) return undefined;
  const newer = order === 1;
  return { newer, unknownLines, alarm: newer && unknownLines > 0 };
}

/** Creates a {@link DriftTracker} for a source tested up to `testedUpTo`; everything it keeps is bounded. */
export function createDriftTracker(testedUpTo: string | undefined): DriftTracker {
  const state: DriftState = { agentVersion: undefined, unknown: Object.create(null) as Record<string, number>, kinds: 0, total: 0, omitted: 0 };
  return {
    session(event) {
      // The last session start that names a version: a stream of concatenated runs is judged by its latest.
      if (event.phase === 'start' && event.agentVersion !== undefined) state.agentVersion = capText(event.agentVersion, RUN_OUTCOME_MAX_ID_CHARS);
    },
    diagnose(diagnostic, reason) {
      if (diagnostic.outcome !== 'unknown') return;
      state.total += 1;
      const count = state.unknown[reason];
      if (count !== undefined) state.unknown[reason] = count + 1;
      else if (state.kinds < MAX_UNKNOWN_REASONS) {
        state.unknown[reason] = 1;
        state.kinds += 1;
      } else state.omitted += 1;
    },
    facts: () => ({
      agentVersion: state.agentVersion,
      testedUpTo,
      unknown: { ...state.unknown },
      drift: driftOf(state.agentVersion, testedUpTo, state.total),
      omittedUnknown: state.omitted,
    }),
  };
}
