import { resolveToolName, toolAliases, previewToolInput, isJsonObject, ownField, type JsonObject } from '@x/core/provider-utils';

/**
 * Qwen Code's built-in tools (packages/core/src/tools/tool-names.ts of its
 * bundle, the same names in 0.15 and 0.24) on the canonical vocabulary. The
 * subagent tool was `task` before it became `agent`. Tools with no canonical
 * counterpart (`save_memory`, `skill`, `tool_search`, cron and team tools)
 * pass through under their own name, kind `other`.
 */
export const qwenToolAliases: ReadonlyMap<string, string> = toolAliases({
  read_file: 'Read',
  read_many_files: 'Read',
  write_file: 'Write',
  edit: 'Edit',
  notebook_edit: 'NotebookEdit',
  run_shell_command: 'Bash',
  grep_search: 'Grep',
  glob: 'Glob',
  list_directory: 'LS',
  web_fetch: 'WebFetch',
  web_search: 'WebSearch',
  todo_write: 'TodoWrite',
  agent: 'Task',
  task: 'Task',
});

/** How a call of a deferred tool is shown: as the tool it reaches. */
export interface DeferredCall {
  displayName: string;
  arg: string;
}

/**
 * Qwen Code 0.24 offers some tools only as deferred tools, called through
 * `tool_call` with `{ name, arguments }`. Such a call is shown as the tool it
 * reaches (a fetch looks like a fetch), with that tool's arguments as its
 * preview; its `toolName` and `input` stay what Qwen Code sent.
 */
export function deferredCall(toolName: string, input: unknown): DeferredCall | undefined {
  if (toolName !== 'tool_call' || !isJsonObject(input)) return undefined;
  const name = ownField(input, 'name');
  if (typeof name !== 'string' || name === '') return undefined;
  const args = ownField(input, 'arguments');
  const inner: JsonObject | Record<string, never> = isJsonObject(args) ? args : {};
  return { displayName: resolveToolName(name, qwenToolAliases).name, arg: previewToolInput(inner, [], [name]) };
}
