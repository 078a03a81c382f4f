import type { FileChange } from '@x/core';
import { extractToolOutput, ownField, stringField, type ToolCallOutcome } from '@x/core/provider-utils';
import { fileUpdateChangeSchema, legacyDurationSchema, todoItemSchema } from './wire-schema.js';

// A Map, so that a kind such as `constructor` from hostile input finds nothing.
const CHANGE_OF_KIND: ReadonlyMap<string, FileChange['change']> = new Map([
  ['add', 'created'],
  ['delete', 'deleted'],
  ['update', 'modified'],
]);

/**
 * How a command ended: `failed` and `declined` statuses and a non-zero exit
 * code are errors. The message names the exit code, as a shell would, and
 * the output stays the output.
 */
export function commandOutcome(status: string | undefined, exitCode: number | undefined, output: string | undefined): ToolCallOutcome {
  const failed = status === 'failed' || status === 'declined' || (exitCode !== undefined && exitCode !== 0);
  const outcome: ToolCallOutcome = { status: failed ? 'error' : 'success', output };
  if (exitCode !== undefined) outcome.exitCode = exitCode;
  if (status === 'declined') outcome.errorMessage = 'Command declined';
  else if (failed && exitCode !== undefined) outcome.errorMessage = `Exit code ${exitCode}`;
  return outcome;
}

/** The text of an MCP result, for an error reported inside `result` (quirk 3). */
export function resultText(result: unknown): string | undefined {
  const extracted = extractToolOutput(result);
  return extracted.state === 'text' ? extracted.text : undefined;
}

/** `file_change.changes` as file changes; entries that are not `{path, kind}` are skipped. */
export function fileChangesOf(raw: unknown[] | undefined): FileChange[] {
  const changes: FileChange[] = [];
  for (const entry of raw ?? []) {
    const parsed = fileUpdateChangeSchema.safeParse(entry);
    if (parsed.success) changes.push({ path: parsed.data.path, change: CHANGE_OF_KIND.get(parsed.data.kind) ?? 'modified' });
  }
  return changes;
}

/**
 * Legacy `patch_apply_begin.changes`, keyed by path: `{add}`, `"delete"` or
 * `{delete}`, `{update: {move_path}}` (a move when `move_path` is set).
 */
export function legacyFileChangesOf(raw: Record<string, unknown>): FileChange[] {
  const changes: FileChange[] = [];
  for (const path of Object.keys(raw)) {
    const value = raw[path];
    let change: FileChange['change'] = 'modified';
    if (value === 'delete' || ownField(value, 'delete') !== undefined) change = 'deleted';
    else if (ownField(value, 'add') !== undefined) change = 'created';
    else if (typeof ownField(ownField(value, 'update'), 'move_path') === 'string') change = 'moved';
    changes.push({ path: path, change });
  }
  return changes;
}

/** A to-do list as a Markdown task list: `- [x] done`, `- [ ] open`. */
export function todoListText(items: unknown[] | undefined): string {
  const lines: string[] = [];
  for (const entry of items ?? []) {
    const parsed = todoItemSchema.safeParse(entry);
    if (parsed.success) lines.push(`- [${parsed.data.completed === true ? 'x' : ' '}] ${parsed.data.text}`);
  }
  return lines.join('\n');
}

/** A legacy `plan_update.plan` as a Markdown task list; a step in progress says so. */
export function planText(plan: unknown[] | undefined): string {
  const lines: string[] = [];
  for (const entry of plan ?? []) {
    const step = stringField(entry, 'step');
    if (step === undefined) continue;
    const status = ownField(entry, 'status');
    lines.push(`- [${status === 'completed' ? 'x' : ' '}] ${step}${status === 'in_progress' ? ' (in progress)' : ''}`);
  }
  return lines.join('\n');
}

/** A legacy Rust `Duration` (`{secs, nanos}`) in whole milliseconds. */
export function durationMsOf(raw: unknown): number | undefined {
  const parsed = legacyDurationSchema.safeParse(raw);
  return parsed.success ? Math.round(parsed.data.secs * 1000 + parsed.data.nanos / 1e6) : undefined;
}
