import type { CanonicalToolName } from '@x/core';
import { toolAliases } from '@x/core/provider-utils';

/**
 * ACP names no tool: a call has a human-readable `title` ("Reading
 * src/a.ts") and a coarse `kind`, the categories core's vocabulary took its
 * kinds from. The canonical display name is the kind's tool; `toolName`
 * stays the agent's own name where it sends one (`name`), else the title.
 */
const KIND_TOOLS: Record<string, CanonicalToolName> = {
  read: 'Read',
  edit: 'Edit',
  delete: 'Delete',
  move: 'Move',
  search: 'Grep',
  execute: 'Bash',
  fetch: 'WebFetch',
};

/** The canonical display name of an ACP tool kind, or `undefined` for `think`, `switch_mode`, `other` and kinds a newer ACP adds. */
export function displayNameOfKind(kind: string | null | undefined, createsFile: boolean): CanonicalToolName | undefined {
  if (kind === 'edit' && createsFile) return 'Write';
  return kind === undefined || kind === null || !Object.hasOwn(KIND_TOOLS, kind) ? undefined : KIND_TOOLS[kind];
}

/** The tool names ACP agents send in `name` (Gemini CLI, OpenCode, Qwen Code), onto the vocabulary. */
export const ACP_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({
  read_file: 'Read',
  read_many_files: 'Read',
  read: 'Read',
  write_file: 'Write',
  write: 'Write',
  replace: 'Edit',
  edit: 'Edit',
  run_shell_command: 'Bash',
  bash: 'Bash',
  grep: 'Grep',
  grep_search: 'Grep',
  search_file_content: 'Grep',
  glob: 'Glob',
  list_directory: 'LS',
  web_fetch: 'WebFetch',
  webfetch: 'WebFetch',
  google_web_search: 'WebSearch',
  write_todos: 'TodoWrite',
  todowrite: 'TodoWrite',
  todo_write: 'TodoWrite',
  invoke_agent: 'Task',
  task: 'Task',
  agent: 'Task',
});

/**
 * The tool a call id names, for an agent that sends no `name`: Gemini CLI ids
 * a call `<tool>__<tool>_<millis>_<n>` in 0.61 (`glob__glob_1795932694375_0`,
 * the tool's name twice) and `<tool>-<millis>-<n>` in 0.38
 * (`glob-1795933744562-3`). Only those shapes are read, and only a name the
 * aliases know is taken.
 */
export function toolNameOfCallId(id: string): string | undefined {
  const name = /^([a-z][a-z0-9_]*)__\1_\d+_\d+$/.exec(id)?.[1] ?? /^([a-z][a-z0-9_]*)-\d+-\d+$/.exec(id)?.[1];
  return name !== undefined && ACP_TOOL_ALIASES.has(name) ? name : undefined;
}
