import { toolAliases } from '@x/core/provider-utils';

/**
 * OpenCode's built-in tool ids mapped onto the canonical vocabulary. MCP tools
 * are named `<server>_<tool>` by OpenCode; server names may themselves hold
 * underscores, so they cannot be split reliably and pass through unchanged.
 */
export const OPENCODE_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({
  bash: 'Bash',
  read: 'Read',
  write: 'Write',
  edit: 'Edit',
  multiedit: 'Edit',
  patch: 'Edit',
  apply_patch: 'Edit',
  glob: 'Glob',
  grep: 'Grep',
  list: 'LS',
  webfetch: 'WebFetch',
  websearch: 'WebSearch',
  task: 'Task',
  todowrite: 'TodoWrite',
  todoread: 'TodoWrite',
});
