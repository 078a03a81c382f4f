import { diffArrays } from 'diff';

/** One line of a diff: added (`+`), removed (`-`), unchanged context, or a hunk header (`@@ ...`). */
export interface DiffLine {
  kind: 'add' | 'remove' | 'context' | 'hunk';
  /** The line without its marker and without its newline. */
  text: string;
}

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
  /** The diff, empty when the input carries none. */
  lines: DiffLine[];
  added: number;
  removed: number;
  /** The content of a written or created file, shown whole rather than as a diff. */
  content?: string;
}

/*
 * Bounds that keep a hostile input from costing more than its own size: the
 * edits read from one call, and the characters diffed per edit (a diff of
 * long strings is quadratic in the worst case; past the bound each side is
 * shown whole as removed and added).
 */
const MAX_EDITS = 100;
const MAX_DIFF_CHARS = 64 * 1024;

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
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function counted(path: string, change: FileEdit['change'], lines: DiffLine[]): FileEdit {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added += 1;
    else if (line.kind === 'remove') removed += 1;
  }
  return { path, change, lines, added, removed };
}

/**
 * How many lines at the end both sides share and can be left out of the diff
 * without changing it. The diff library settles a tie between equally short
 * scripts by where it meets a line first, so a shared last line that also
 * occurs earlier in either side may be matched there instead (`a` against
 * `} a a`). The tail is left out only when none of its lines occurs in
 * either side's changed middle (a property test holds this to the untrimmed
 * diff).
 */
function sharedTail(old: readonly string[], now: readonly string[], head: number): number {
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail += 1;
  if (tail === 0) return 0;
  const before = new Set<string>();
  for (let i = head; i < old.length - tail; i++) before.add(old[i] as string);
  for (let i = head; i < now.length - tail; i++) before.add(now[i] as string);
  return before.size === 0 || !old.slice(old.length - tail).some((line) => before.has(line)) ? tail : 0;
}

/** The line diff of two texts, every line kept: an edit's strings are a snippet, all of it worth seeing. */
export function diffTexts(before: string, after: string): DiffLine[] {
  if (before.length + after.length > MAX_DIFF_CHARS) {
    return [
      ...splitLines(before).map((text): DiffLine => ({ kind: 'remove', text })),
      ...splitLines(after).map((text): DiffLine => ({ kind: 'add', text })),
    ];
  }
  // Lines the two sides share at either end are context without asking the
  // diff algorithm, whose cost grows with everything it is given (x-bench).
  const old = before === '' ? [] : splitLines(before);
  const now = after === '' ? [] : splitLines(after);
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head += 1;
  const tail = sharedTail(old, now, head);
  const lines: DiffLine[] = old.slice(0, head).map((text): DiffLine => ({ kind: 'context', text }));
  diffMiddle(old.slice(head, old.length - tail), now.slice(head, now.length - tail), lines);
  for (const text of old.slice(old.length - tail)) lines.push({ kind: 'context', text });
  return lines;
}

/** Appends the diff of the lines between the shared head and tail. */
function diffMiddle(removed: string[], added: string[], lines: DiffLine[]): void {
  if (shareNoLine(removed, added)) {
    // What the diff algorithm returns then, all removed lines and then all
    // added ones, without its search: with nothing in common it tries every
    // path, about (n + m)^2 / 2 steps (a property test holds this to it).
    for (const text of removed) lines.push({ kind: 'remove', text });
    for (const text of added) lines.push({ kind: 'add', text });
    return;
  }
  // The lines as they are, not joined for diffLines to split again: the same
  // tokens, compared the same way (a property test holds it to diffLines).
  for (const part of diffArrays(removed, added)) {
    const kind = part.added ? 'add' : part.removed ? 'remove' : 'context';
    for (const text of part.value) lines.push({ kind, text });
  }
}

/** Whether no line occurs on both sides: a one-line edit, a rewritten block. */
function shareNoLine(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const seen = new Set(small);
  return !large.some((line) => seen.has(line));
}

/** Reads a unified diff's body (`@@`, `+`, `-`, ` ` lines); file headers and other lines are skipped. */
export function parseUnifiedDiff(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const line of splitLines(patch)) {
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    if (line.startsWith('@@')) lines.push({ kind: 'hunk', text: line });
    else if (line.startsWith('+')) lines.push({ kind: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) lines.push({ kind: 'remove', text: line.slice(1) });
    else if (line.startsWith(' ')) lines.push({ kind: 'context', text: line.slice(1) });
  }
  return lines;
}

function stringEdit(path: string, fields: Fields): FileEdit | undefined {
  const before = firstString(fields, OLD_FIELDS);
  const after = firstString(fields, NEW_FIELDS);
  if (before === undefined || after === undefined) return undefined;
  return counted(path, 'modified', diffTexts(before, after));
}

/** Claude `MultiEdit`: several old/new pairs on one file, one diff after the other. */
function multiEdit(path: string, edits: readonly unknown[]): FileEdit {
  const lines: DiffLine[] = [];
  for (const edit of edits.slice(0, MAX_EDITS)) {
    if (!isRecord(edit)) continue;
    const one = stringEdit(path, edit);
    if (one !== undefined) lines.push(...(lines.length > 0 ? [{ kind: 'hunk' as const, text: '@@' }] : []), ...one.lines);
  }
  return counted(path, 'modified', lines);
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
    return { ...counted(path, 'created', []), added: splitLines(content).length, content };
  }
  if (isRecord(value.delete)) return counted(path, 'deleted', []);
  if (!isRecord(value.update)) return undefined;
  const { unified_diff: patch, move_path: movedTo } = value.update;
  const edit = counted(path, typeof movedTo === 'string' ? 'moved' : 'modified', typeof patch === 'string' ? parseUnifiedDiff(patch) : []);
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
    .map((change) => counted(change.path as string, CHANGE_KINDS.get(String(change.kind)) ?? 'modified', []));
}

const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;

/** The `apply_patch` envelope (`*** Begin Patch` ... `*** End Patch`), one edit per file section. */
export function parseApplyPatch(patch: string): FileEdit[] {
  const edits: FileEdit[] = [];
  let current: { path: string; change: FileEdit['change']; body: string[]; movedTo?: string } | undefined;
  const close = (): void => {
    if (current === undefined || edits.length >= MAX_EDITS) return;
    const { path, change, body, movedTo } = current;
    const lines = change === 'created' ? body.map((line): DiffLine => ({ kind: 'add', text: line.slice(1) })) : parseUnifiedDiff(body.join('\n'));
    const edit = counted(path, movedTo === undefined ? change : 'moved', lines);
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
  const edit = stringEdit(path, input);
  if (edit !== undefined) return [edit];
  const content = firstString(input, CONTENT_FIELDS);
  if (content === undefined) return [];
  return [{ ...counted(path, 'written', []), added: splitLines(content).length, content }];
}
