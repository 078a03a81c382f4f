import { type FileChange } from '@x/core';
import {
  extractToolOutput,
  isJsonObject,
  numberField,
  objectField,
  ownField,
  stringField,
  type ToolCallOutcome,
} from '@x/core/provider-utils';

const TOOL_USE_ERROR = /^\s*<tool_use_error>([\s\S]*)<\/tool_use_error>\s*$/;

/** The error text of a failed call, without the `<tool_use_error>` wrapper the CLI puts around its own errors. */
function errorText(content: unknown): string | undefined {
  const extracted = extractToolOutput(content);
  if (extracted.state !== 'text') return undefined;
  const wrapped = TOOL_USE_ERROR.exec(extracted.text);
  return (wrapped?.[1] ?? extracted.text).trim();
}

/** Reads `tool_use_result`, the tool's own output object (sdk-tools.d.ts `*Output`), into the outcome. */
function enrich(name: string, rich: Record<string, unknown>, outcome: ToolCallOutcome): void {
  switch (name) {
    case 'Read': {
      // FileReadOutput: the file as it is, not the `cat -n` numbered text sent to the model.
      const file = objectField(rich, 'file');
      const content = stringField(file, 'content');
      if (content !== undefined) {
        outcome.output = rich;
        outcome.contentLength = content.length;
      }
      const path = stringField(file, 'filePath');
      if (path !== undefined) outcome.path = path;
      return;
    }
    case 'Write': {
      const path = stringField(rich, 'filePath');
      const type = stringField(rich, 'type');
      if (path === undefined || (type !== 'create' && type !== 'update')) return;
      const change: FileChange = { path, change: type === 'create' ? 'created' : 'modified' };
      outcome.path = path;
      outcome.changes = [change];
      return;
    }
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit': {
      const path = stringField(rich, 'filePath') ?? stringField(rich, 'notebook_path');
      if (path === undefined) return;
      outcome.path = path;
      outcome.changes = [{ path, change: 'modified' }];
      return;
    }
    case 'Bash': {
      const stderr = stringField(rich, 'stderr');
      if (stderr !== undefined) outcome.stderr = stderr;
      // BashOutput.interrupted: the person stopped the command, so it did not succeed.
      if (ownField(rich, 'interrupted') === true) {
        outcome.status = 'error';
        outcome.errorMessage = 'Interrupted';
      }
      return;
    }
    case 'Grep': {
      // GrepOutput counts files in every mode; lines or matches only in some.
      const files = numberField(rich, 'numFiles');
      const mode = stringField(rich, 'mode');
      const matches = numberField(rich, 'numMatches') ?? (mode === 'content' ? numberField(rich, 'numLines') : files);
      if (files !== undefined) outcome.fileCount = files;
      if (matches !== undefined) outcome.matchCount = matches;
      return;
    }
    case 'Glob': {
      const files = numberField(rich, 'numFiles');
      if (files !== undefined) {
        outcome.fileCount = files;
        outcome.matchCount = files;
      }
      outcome.durationMs = numberField(rich, 'durationMs');
      return;
    }
    case 'Task':
      outcome.durationMs = numberField(rich, 'totalDurationMs');
      return;
    case 'WebFetch':
      outcome.durationMs = numberField(rich, 'durationMs');
      return;
  }
}

/**
 * The outcome of one `tool_result` block: success unless `is_error` is `true`
 * (it is often absent), the output from `content` (a string, an array of
 * blocks, or missing), and, when the line's `tool_use_result` is an object,
 * what it adds for the call's tool (`name`, canonical): the real file content
 * of a Read, the created/modified file of a Write or Edit, Bash stderr, search
 * counts, durations. Works without `tool_use_result`.
 */
export function toolResultOutcome(block: Record<string, unknown>, name: string | undefined, toolUseResult: unknown): ToolCallOutcome {
  const isError = ownField(block, 'is_error') === true;
  const content = ownField(block, 'content');
  const outcome: ToolCallOutcome = { status: isError ? 'error' : 'success', output: content };
  if (isError) {
    outcome.errorMessage = errorText(content);
  } else if (name !== undefined && isJsonObject(toolUseResult)) {
    enrich(name, toolUseResult, outcome);
  }
  return outcome;
}
