import type { FileChange, ToolResultDisplayEvent, ToolUseDisplayEvent } from './display-event.js';
import { compactKey, createRecentMap, type RecentMap } from './recent-keys.js';
import { summarizeToolResult } from './result-summary.js';
import { detachText } from './text-assembler.js';

/** How many tool calls a `RunOutcome` lists; the rest are counted (`toolCallCounts`, `omitted.toolCalls`). */
export const RUN_OUTCOME_MAX_CALLS = 1_000;
/** How many touched files a `RunOutcome` lists; the rest are counted (`omitted.files`). */
export const RUN_OUTCOME_MAX_FILES = 1_000;
/** The longest id or path a `RunOutcome` keeps, in UTF-16 units; a longer one is cut and ends with `...`. */
export const RUN_OUTCOME_MAX_ID_CHARS = 256;

/** One tool call in a `RunOutcome`. */
export interface ToolCallOutcomeSummary {
  id: string;
  name: string;
  /** The call's preview: what its result says ran, where that is not what its `tool-use` announced. */
  arg: string;
  /** `unfinished` when the run ended before the call's result arrived. */
  status: 'success' | 'error' | 'unfinished';
  summary?: string;
  durationMs?: number;
}

/** How many tool calls a run made, listed or not. */
export interface ToolCallCounts {
  total: number;
  failed: number;
  unfinished: number;
}

/** Cuts a string a person may have to read to `max` UTF-16 units, as a fresh copy (see `detachText`). */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 3;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return detachText(`${text.slice(0, end)}...`);
}

/** The compact key of a call id; events that crossed a process boundary unvalidated may lack one. */
function keyOf(id: unknown): string {
  return typeof id === 'string' ? compactKey(id) : '';
}

function fileChangesOf(result: ToolResultDisplayEvent): FileChange[] {
  if (result.details.changes !== undefined) return result.details.changes;
  const path = result.details.path;
  if (path === undefined || result.status !== 'success') return [];
  if (result.name === 'Write') return [{ path, change: 'created' }];
  if (result.toolKind === 'edit') return [{ path, change: 'modified' }];
  if (result.toolKind === 'delete') return [{ path, change: 'deleted' }];
  return [];
}

/**
 * The tool calls and touched files of a run, bounded: the first
 * {@link RUN_OUTCOME_MAX_CALLS} calls and {@link RUN_OUTCOME_MAX_FILES}
 * files are listed, later ones only counted, ids and paths are cut to
 * {@link RUN_OUTCOME_MAX_ID_CHARS}. A million calls cost what a thousand do.
 * With `listing` false nothing is listed and every call is only counted.
 */
export class RunCallList {
  private readonly calls = new Map<string, ToolCallOutcomeSummary>();
  private readonly files = new Map<string, FileChange['change']>();
  /** Calls past the list: which are still open (by compact key), so that their result is not counted as another call. */
  private readonly overflowOpen: RecentMap<string, boolean> = createRecentMap(RUN_OUTCOME_MAX_CALLS);
  private readonly overflow: ToolCallCounts = { total: 0, failed: 0, unfinished: 0 };
  private filesOmitted = 0;

  private readonly listing: boolean;

  constructor(listing = true) {
    this.listing = listing;
  }

  use(event: ToolUseDisplayEvent): void {
    const key = keyOf(event.id);
    const listed = this.calls.get(key);
    if (listed !== undefined) {
      listed.status = 'unfinished';
    } else if (this.listing && this.calls.size < RUN_OUTCOME_MAX_CALLS) {
      this.calls.set(key, { id: capText(event.id, RUN_OUTCOME_MAX_ID_CHARS), name: capText(event.name, RUN_OUTCOME_MAX_ID_CHARS), arg: event.arg, status: 'unfinished' });
    } else if (this.overflowOpen.get(key) !== true) {
      this.overflow.total += 1;
      this.overflow.unfinished += 1;
      this.overflowOpen.set(key, true);
    }
  }

  result(event: ToolResultDisplayEvent): void {
    const key = keyOf(event.id);
    let call = this.calls.get(key);
    if (call === undefined && this.listing && this.calls.size < RUN_OUTCOME_MAX_CALLS) {
      call = { id: capText(event.id, RUN_OUTCOME_MAX_ID_CHARS), name: capText(event.name, RUN_OUTCOME_MAX_ID_CHARS), arg: '', status: 'unfinished' };
      this.calls.set(key, call);
    }
    if (call !== undefined) {
      call.status = event.status;
      call.summary = summarizeToolResult(event);
      if (typeof event.arg === 'string') call.arg = event.arg;
      if (event.details.durationMs !== undefined) call.durationMs = event.details.durationMs;
    } else {
      if (this.overflowOpen.get(key) === true) {
        this.overflow.unfinished -= 1;
        this.overflowOpen.set(key, false);
      } else {
        this.overflow.total += 1;
      }
      if (event.status === 'error') this.overflow.failed += 1;
    }
    if (this.listing) for (const change of fileChangesOf(event)) this.file(change);
  }

  private file(change: FileChange): void {
    const path = capText(change.path, RUN_OUTCOME_MAX_ID_CHARS);
    const before = this.files.get(path);
    if (before === undefined && this.files.size >= RUN_OUTCOME_MAX_FILES) {
      this.filesOmitted += 1;
      return;
    }
    // A file created earlier in the run and edited later is still new.
    if (!(before === 'created' && change.change === 'modified')) this.files.set(path, change.change);
  }

  /** The listed calls, copied. */
  list(): ToolCallOutcomeSummary[] {
    return [...this.calls.values()].map((call) => ({ ...call }));
  }

  counts(): ToolCallCounts {
    const counts = { ...this.overflow };
    for (const call of this.calls.values()) {
      counts.total += 1;
      if (call.status === 'error') counts.failed += 1;
      if (call.status === 'unfinished') counts.unfinished += 1;
    }
    return counts;
  }

  /** Calls counted past the list; none when nothing is listed on purpose. */
  omittedCalls(): number {
    return this.listing ? this.overflow.total : 0;
  }

  omittedFiles(): number {
    return this.filesOmitted;
  }

  fileList(): { created: string[]; modified: string[]; deleted: string[] } {
    const byChange = (change: FileChange['change']) =>
      [...this.files].filter(([, c]) => c === change || (change === 'modified' && c === 'moved')).map(([path]) => path);
    return { created: byChange('created'), modified: byChange('modified'), deleted: byChange('deleted') };
  }
}
