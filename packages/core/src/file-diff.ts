import diffSequencesExports from '@jest/diff-sequences';
import { appendDiff, type DiffLine, type DiffLines, emptyDiff, keepLine, MAX_KEPT_DIFF_LINES, unifiedDiff, unsearchedDiff } from './diff-lines.js';

export type { DiffLine } from './diff-lines.js';

/*
 * The package's ESM entry exports the function as its default; its types
 * describe the CommonJS build, where it is `exports.default`, and a loader
 * that takes that build (a bundler, the `require` condition) hands over the
 * exports object. Either way the function is found.
 */
const loaded: unknown = diffSequencesExports;
const diffSequences = (typeof loaded === 'function' ? loaded : diffSequencesExports.default) as typeof diffSequencesExports.default;

/**
 * What a tool call does to one file, read from its input: a diff (an edit, a
 * patch), the whole content of a written file, or a bare change (a delete, a
 * provider that names the file only). `added` and `removed` count diff lines.
 */
export interface FileEdit {
  path: string;
  change: 'created' | 'modified' | 'deleted' | 'moved' | 'written';
  /** Where a moved file went. */
  movedTo?: string;
  /** The diff, empty when the input carries none: its first {@link MAX_KEPT_DIFF_LINES} lines. */
  lines: DiffLine[];
  /** Added lines, all of them, kept or not. */
  added: number;
  /** Removed lines, all of them, kept or not. */
  removed: number;
  /** Diff lines past those kept in `lines`, counted in `added` and `removed` but not made; absent when none. */
  omittedLines?: number;
  /** The content of a written or created file, shown whole rather than as a diff. */
  content?: string;
}

/*
 * Bounds that keep a hostile input from costing more than its own size: the
 * edits read from one call, and the search for a shortest diff. The search
 * compares up to the square of the changed lines (both sides, past the lines
 * they share at either end), each comparison up to a line's length: two
 * sides of 4,000 one-character lines sharing one took seconds. It runs for at
 * most 1,000 changed lines of an edit of at most 64 KiB; past either bound
 * the changed lines are shown as all removed, then all added: the same
 * change, only not the shortest way to show it. Real edits are far shorter.
 */
const MAX_EDITS = 100;
const MAX_DIFF_CHARS = 64 * 1024;
const MAX_SEARCH_LINES = 1000;

const PATH_FIELDS = ['file_path', 'filePath', 'path', 'absolute_path', 'notebook_path'] as const;
const OLD_FIELDS = ['old_string', 'oldString', 'old_str'] as const;
const NEW_FIELDS = ['new_string', 'newString', 'new_str'] as const;
const CONTENT_FIELDS = ['content', 'file_text', 'fileText'] as const;

type Fields = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function firstString(fields: Fields, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function splitLines(text: string): string[] {
  // Split at a string where no CR can be: the same lines at a fraction of the expression's cost (x-bench).
  const lines = text.includes('\r') ? text.split(/\r?\n/) : text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * `splitLines(text).length` without making the lines: a written file's
 * content is only counted, and splitting a whole file for its length was a
 * percent of an HTML render of the bench's Gemini stream (x-bench).
 */
function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines > 1 && text.endsWith('\n') ? lines - 1 : lines;
}

function counted(path: string, change: FileEdit['change'], diff: DiffLines = emptyDiff()): FileEdit {
  const edit: FileEdit = { path, change, lines: diff.lines, added: diff.added, removed: diff.removed };
  if (diff.omitted > 0) edit.omittedLines = diff.omitted;
  return edit;
}

/** The line diff of two texts, every line kept: an edit's strings are a snippet, all of it worth seeing. */
export function diffTexts(before: string, after: string): DiffLine[] {
  return textDiff(before, after, Number.POSITIVE_INFINITY).lines;
}

/**
 * The line diff of two texts, its first `keep` lines made. Past the size
 * bound no shortest diff is searched for, and the texts are read in place
 * (diff-lines.ts): the lines both share at either end, then the changed ones.
 */
function textDiff(before: string, after: string, keep: number): DiffLines {
  if (before.length + after.length > MAX_DIFF_CHARS) return unsearchedDiff(before, after, keep);
  const old = before === '' ? [] : splitLines(before);
  const now = after === '' ? [] : splitLines(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head += 1;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail += 1;
  const walk: DiffWalk = { old, now, oldAt: head, nowAt: head, diff: emptyDiff(keep) };
  for (let i = 0; i < head; i++) keepLine(walk.diff, 'context', old[i] as string);
  const oldEnd = old.length - tail;
  const nowEnd = now.length - tail;
  // Past the bound the search is left out: what it would cost grows with its lines times their characters.
  if (oldEnd - head + (nowEnd - head) <= MAX_SEARCH_LINES) searchMiddle(walk, oldEnd, nowEnd);
  changedUntil(walk, oldEnd, nowEnd);
  for (let i = oldEnd; i < old.length; i++) keepLine(walk.diff, 'context', old[i] as string);
  return walk.diff;
}

/** Where a diff has got to in both sides, and the lines it has written. */
interface DiffWalk {
  readonly old: readonly string[];
  readonly now: readonly string[];
  oldAt: number;
  nowAt: number;
  readonly diff: DiffLines;
}

/**
 * Diffs the lines between the shared head and tail by a shortest edit
 * script (Myers' algorithm in linear space), which reports the runs of lines
 * both sides keep; what lies between two runs is changed.
 */
function searchMiddle(walk: DiffWalk, oldEnd: number, nowEnd: number): void {
  const { old, now, oldAt: oldStart, nowAt: nowStart } = walk;
  diffSequences(
    oldEnd - oldStart,
    nowEnd - nowStart,
    (i, j) => old[oldStart + i] === now[nowStart + j],
    (count, i, j) => {
      changedUntil(walk, oldStart + i, nowStart + j);
      for (let k = 0; k < count; k++) keepLine(walk.diff, 'context', old[oldStart + i + k] as string);
      walk.oldAt = oldStart + i + count;
      walk.nowAt = nowStart + j + count;
    },
  );
}

/** The changed lines up to the next kept run (or the tail): every removed line of the gap, then every added one, as unified diffs show them. */
function changedUntil(walk: DiffWalk, oldEnd: number, nowEnd: number): void {
  for (let i = walk.oldAt; i < oldEnd; i++) keepLine(walk.diff, 'remove', walk.old[i] as string);
  for (let j = walk.nowAt; j < nowEnd; j++) keepLine(walk.diff, 'add', walk.now[j] as string);
  walk.oldAt = oldEnd;
  walk.nowAt = nowEnd;
}

function stringDiff(fields: Fields, keep: number): DiffLines | undefined {
  const before = firstString(fields, OLD_FIELDS);
  const after = firstString(fields, NEW_FIELDS);
  if (before === undefined || after === undefined) return undefined;
  return textDiff(before, after, keep);
}

/** Claude `MultiEdit`: several old/new pairs on one file, one diff after the other, within one diff's kept lines. */
function multiEdit(path: string, edits: readonly unknown[]): FileEdit {
  const diff = emptyDiff();
  for (const edit of edits.slice(0, MAX_EDITS)) {
    if (!isRecord(edit)) continue;
    const hunk = diff.lines.length + diff.omitted > 0;
    // Only what there is room for is made, after the hunk line between two edits; the rest of each edit is counted.
    const one = stringDiff(edit, Math.max(0, diff.keep - diff.lines.length - (hunk ? 1 : 0)));
    if (one === undefined) continue;
    if (hunk) keepLine(diff, 'hunk', '@@');
    appendDiff(diff, one);
  }
  return counted(path, 'modified', diff);
}

/** Codex `patch_apply` changes: `{ path: { add: { content } } | { delete: {} } | { update: { unified_diff, move_path } } }`. */
function codexChangeMap(changes: Fields): FileEdit[] {
  const edits: FileEdit[] = [];
  for (const [path, value] of Object.entries(changes).slice(0, MAX_EDITS)) {
    const edit = isRecord(value) ? codexChange(path, value) : undefined;
    if (edit !== undefined) edits.push(edit);
  }
  return edits;
}

/** One file of a Codex `patch_apply` change map; a change of no known kind gives `undefined`. */
function codexChange(path: string, value: Fields): FileEdit | undefined {
  if (isRecord(value.add)) {
    const content = typeof value.add.content === 'string' ? value.add.content : '';
    return { ...counted(path, 'created'), added: lineCount(content), content };
  }
  if (isRecord(value.delete)) return counted(path, 'deleted');
  if (!isRecord(value.update)) return undefined;
  const { unified_diff: patch, move_path: movedTo } = value.update;
  const edit = counted(
    path,
    typeof movedTo === 'string' ? 'moved' : 'modified',
    typeof patch === 'string' ? unifiedDiff(patch, MAX_KEPT_DIFF_LINES) : emptyDiff(),
  );
  return typeof movedTo === 'string' ? { ...edit, movedTo } : edit;
}

const CHANGE_KINDS: ReadonlyMap<string, FileEdit['change']> = new Map([
  ['add', 'created'],
  ['delete', 'deleted'],
  ['update', 'modified'],
]);

/** Codex `file_change` items: `[{ path, kind }]`, files named without their content. */
function codexChangeList(changes: readonly unknown[]): FileEdit[] {
  return changes
    .slice(0, MAX_EDITS)
    .filter(isRecord)
    .filter((change) => typeof change.path === 'string')
    .map((change) => counted(change.path as string, CHANGE_KINDS.get(String(change.kind)) ?? 'modified'));
}

const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;

/** An added file's section of an `apply_patch` envelope: every line added, its marker left out. */
function createdDiff(body: readonly string[]): DiffLines {
  const diff = emptyDiff();
  for (const line of body) keepLine(diff, 'add', line.slice(1));
  return diff;
}

/** The `apply_patch` envelope (`*** Begin Patch` ... `*** End Patch`), one edit per file section. */
export function parseApplyPatch(patch: string): FileEdit[] {
  const edits: FileEdit[] = [];
  let current: { path: string; change: FileEdit['change']; body: string[]; movedTo?: string } | undefined;
  const close = (): void => {
    if (current === undefined || edits.length >= MAX_EDITS) return;
    const { path, change, body, movedTo } = current;
    const edit = counted(
      path,
      movedTo === undefined ? change : 'moved',
      change === 'created' ? createdDiff(body) : unifiedDiff(body.join('\n'), MAX_KEPT_DIFF_LINES),
    );
    edits.push(movedTo === undefined ? edit : { ...edit, movedTo });
  };
  for (const line of splitLines(patch)) {
    const file = PATCH_FILE.exec(line);
    if (file !== null) {
      close();
      current = { path: file[2] ?? '', change: file[1] === 'Add' ? 'created' : file[1] === 'Delete' ? 'deleted' : 'modified', body: [] };
    } else if (current !== undefined && line.startsWith('*** Move to: ')) {
      current.movedTo = line.slice('*** Move to: '.length);
    } else if (current !== undefined && !line.startsWith('*** ')) {
      current.body.push(line);
    }
  }
  close();
  return edits;
}

/**
 * The file edits a tool call's `input` describes, for the providers' editing
 * tools: old/new string pairs (Claude `Edit`, Gemini `replace`, OpenCode
 * `edit`, Copilot `edit`, `edit_file`), Claude `MultiEdit`, written files
 * (`Write`, `write_file`, `create`), Codex `patch_apply` and `file_change`, and
 * an `apply_patch` envelope. An input that describes no edit gives `[]`.
 */
export function fileEditsOf(input: unknown): FileEdit[] {
  if (typeof input === 'string') return input.includes('*** Begin Patch') ? parseApplyPatch(input) : [];
  if (!isRecord(input)) return [];
  if (isRecord(input.changes)) return codexChangeMap(input.changes);
  if (Array.isArray(input.changes)) return codexChangeList(input.changes);
  if (typeof input.patch === 'string' || typeof input.input === 'string') return fileEditsOf(input.patch ?? input.input);
  const path = firstString(input, PATH_FIELDS);
  if (path === undefined) return [];
  if (Array.isArray(input.edits)) return [multiEdit(path, input.edits)];
  const diff = stringDiff(input, MAX_KEPT_DIFF_LINES);
  if (diff !== undefined) return [counted(path, 'modified', diff)];
  const content = firstString(input, CONTENT_FIELDS);
  if (content === undefined) return [];
  return [{ ...counted(path, 'written'), added: lineCount(content), content }];
}
