import type { ToolUseDisplayEvent } from '@x/core';
import {
  countSearchOutput,
  extractToolOutput,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type ToolCallOutcome,
} from '@x/core/provider-utils';

/** What a result needs to know of its open call: the canonical tool name, and for Grep the output mode it asked for. */
export interface OpenCall {
  name: string;
  grepMode?: string | undefined;
}

/** The longest tool name or Grep mode an open call keeps: longer ones are none this file reads. */
const MAX_KEPT_CHARS = 64;

/**
 * The {@link OpenCall} of a call just announced. A thousand calls may stay
 * open, so what it keeps is bounded by bytes too (docs/memory.md): a name
 * or a Grep `output_mode` of a megabyte is no name or mode read here, and is
 * not kept.
 */
export function openCallOf(event: ToolUseDisplayEvent, input: unknown): OpenCall {
  const call: OpenCall = { name: event.name.length <= MAX_KEPT_CHARS ? event.name : '' };
  const mode = event.name === 'Grep' ? stringField(input, 'output_mode') : undefined;
  if (mode !== undefined) call.grepMode = mode.length <= MAX_KEPT_CHARS ? mode : '';
  return call;
}

const TOOL_USE_ERROR = /^\s*<tool_use_error>([\s\S]*)<\/tool_use_error>\s*$/;

/** The error text of a failed call, without the `<tool_use_error>` wrapper the CLI puts around its own errors. */
function errorText(content: unknown): string | undefined {
  const extracted = extractToolOutput(content);
  if (extracted.state !== 'text') return undefined;
  const wrapped = TOOL_USE_ERROR.exec(extracted.text);
  return (wrapped?.[1] ?? extracted.text).trim();
}

type Enricher = (rich: Record<string, unknown>, outcome: ToolCallOutcome) => void;

/** FileReadOutput: the file as it is, not the `cat -n` numbered text sent to the model. */
const readOutput: Enricher = (rich, outcome) => {
  const file = objectField(rich, 'file');
  const content = stringField(file, 'content');
  if (content !== undefined) {
    outcome.output = rich;
    outcome.contentLength = content.length;
  }
  const path = stringField(file, 'filePath');
  if (path !== undefined) outcome.path = path;
};

/** FileWriteOutput: `create` or `update`. */
const writeOutput: Enricher = (rich, outcome) => {
  const path = stringField(rich, 'filePath');
  const type = stringField(rich, 'type');
  if (path === undefined || (type !== 'create' && type !== 'update')) return;
  outcome.path = path;
  outcome.changes = [{ path, change: type === 'create' ? 'created' : 'modified' }];
};

/** FileEditOutput, NotebookEditOutput: the file changed. */
const editOutput: Enricher = (rich, outcome) => {
  const path = stringField(rich, 'filePath') ?? stringField(rich, 'notebook_path');
  if (path === undefined) return;
  outcome.path = path;
  outcome.changes = [{ path, change: 'modified' }];
};

/** BashOutput: stderr, and `interrupted` when the person stopped the command, so it did not succeed. */
const bashOutput: Enricher = (rich, outcome) => {
  const stderr = stringField(rich, 'stderr');
  if (stderr !== undefined) outcome.stderr = stderr;
  if (ownField(rich, 'interrupted') === true) {
    outcome.status = 'error';
    outcome.errorMessage = 'Interrupted';
  }
};

/** GrepOutput counts files in every mode; lines or matches only in some. */
const grepOutput: Enricher = (rich, outcome) => {
  const files = numberField(rich, 'numFiles');
  const mode = stringField(rich, 'mode');
  const matches = numberField(rich, 'numMatches') ?? (mode === 'content' ? numberField(rich, 'numLines') : files);
  if (files !== undefined) outcome.fileCount = files;
  if (matches !== undefined) outcome.matchCount = matches;
};

/** GlobOutput: the paths found, and how long the search took. */
const globOutput: Enricher = (rich, outcome) => {
  const files = numberField(rich, 'numFiles');
  if (files !== undefined) {
    outcome.fileCount = files;
    outcome.matchCount = files;
  }
  outcome.durationMs = numberField(rich, 'durationMs');
};

/** Readers of `tool_use_result` (sdk-tools.d.ts `*Output`), by canonical tool name. */
const ENRICHERS: ReadonlyMap<string, Enricher> = new Map([
  ['Read', readOutput],
  ['Write', writeOutput],
  ['Edit', editOutput],
  ['MultiEdit', editOutput],
  ['NotebookEdit', editOutput],
  ['Bash', bashOutput],
  ['Grep', grepOutput],
  ['Glob', globOutput],
  ['Task', (rich, outcome) => (outcome.durationMs = numberField(rich, 'totalDurationMs'))],
  ['WebFetch', (rich, outcome) => (outcome.durationMs = numberField(rich, 'durationMs'))],
]);

/** Grep's `files_with_matches` text (its default mode): "Found 2 files" and the paths, or "No files found". */
const FOUND_FILES = /^Found (\d+) files?\b/;

/**
 * Search counts from the text the model saw, for a Grep or Glob result
 * without `tool_use_result` (several results on one line, or a line without
 * it). Claude Code's text is known: Glob prints one path per line, Grep in
 * `content` mode one `path:line:text` match per line, in its default
 * `files_with_matches` mode "Found N files" and the paths. Grep's `count`
 * mode is left uncounted.
 */
function textSearchCounts(call: OpenCall, outcome: ToolCallOutcome): void {
  const text = extractToolOutput(outcome.output);
  if (text.state !== 'text') return;
  let counts: { matchCount: number; fileCount: number } | undefined;
  if (call.name === 'Glob') {
    counts = countSearchOutput(text.text);
  } else if (call.name === 'Grep' && call.grepMode === 'content') {
    counts = countSearchOutput(text.text);
  } else if (call.name === 'Grep' && (call.grepMode ?? 'files_with_matches') === 'files_with_matches') {
    const found = FOUND_FILES.exec(text.text);
    const files = found === null ? countSearchOutput(text.text).fileCount : Number(found[1]);
    if (found !== null || files === 0) counts = { matchCount: files, fileCount: files };
  }
  if (counts === undefined) return;
  outcome.matchCount = counts.matchCount;
  outcome.fileCount = counts.fileCount;
}

/**
 * The outcome of one `tool_result` block: success unless `is_error` is `true`
 * (it is often absent), the output from `content` (a string, an array of
 * blocks, or missing), and, when the line's `tool_use_result` is an object,
 * what it adds for the call's tool: the real file content of a Read, the
 * created/modified file of a Write or Edit, Bash stderr, search counts,
 * durations. Without it, a Grep or Glob is counted from its text. Works
 * without `tool_use_result` and without the call.
 */
export function toolResultOutcome(block: Record<string, unknown>, call: OpenCall | undefined, toolUseResult: unknown): ToolCallOutcome {
  const isError = ownField(block, 'is_error') === true;
  const content = ownField(block, 'content');
  const outcome: ToolCallOutcome = { status: isError ? 'error' : 'success', output: content };
  if (isError) {
    outcome.errorMessage = errorText(content);
    return outcome;
  }
  if (call === undefined) return outcome;
  if (isJsonObject(toolUseResult)) ENRICHERS.get(call.name)?.(toolUseResult, outcome);
  if (outcome.matchCount === undefined && (call.name === 'Grep' || call.name === 'Glob')) textSearchCounts(call, outcome);
  return outcome;
}
