import { resolveToolName, stringField, toolAliases, type ResolvedTool } from '@x/core/provider-utils';

/**
 * Copilot CLI's built-in tool names mapped onto the canonical vocabulary.
 * copilot.md names no tools beyond `bash`; the names are those the CLI's
 * tool-display table knows (mirrored in VS Code's `copilotToolDisplay`).
 * Session helpers (`read_bash`, `write_bash`, `stop_bash`, `list_bash` and
 * their PowerShell twins), `report_intent`, `think`, `skill` and the like
 * have no canonical equivalent and pass through unchanged.
 */
export const COPILOT_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({
  view: 'Read',
  create: 'Write',
  edit: 'Edit',
  str_replace: 'Edit',
  insert: 'Edit',
  apply_patch: 'Edit',
  str_replace_editor: 'Edit',
  bash: 'Bash',
  shell: 'Bash',
  powershell: 'Bash',
  grep: 'Grep',
  rg: 'Grep',
  glob: 'Glob',
  web_fetch: 'WebFetch',
  web_search: 'WebSearch',
  task: 'Task',
  update_todo: 'TodoWrite',
});

// Older CLIs route every file operation through one editor tool whose
// `command` says which operation it is.
const EDITOR_COMMANDS = toolAliases({
  view: 'Read',
  create: 'Write',
  str_replace: 'Edit',
  insert: 'Edit',
  undo_edit: 'Edit',
});

/** What identifies a Copilot tool call for naming. */
export interface CopilotToolIdentity {
  /** `toolRequests[].name` or `tool.execution_start.toolName`. */
  toolName: string;
  /** The call's arguments (an object on this wire). */
  input?: unknown;
  mcpServerName?: string | undefined;
  mcpToolName?: string | undefined;
}

/**
 * The canonical display name and kind of a Copilot tool call: an MCP call
 * (`mcpServerName` and `mcpToolName` set) becomes `server.tool`;
 * `str_replace_editor` is named by its `command`; built-in names go through
 * {@link COPILOT_TOOL_ALIASES}; anything else passes through unchanged.
 */
export function resolveCopilotTool(call: CopilotToolIdentity): ResolvedTool {
  if (call.mcpServerName !== undefined && call.mcpServerName !== '' && call.mcpToolName !== undefined && call.mcpToolName !== '') {
    return { name: `${call.mcpServerName}.${call.mcpToolName}`, kind: 'other' };
  }
  if (call.toolName === 'str_replace_editor') {
    const command = stringField(call.input, 'command');
    if (command !== undefined && EDITOR_COMMANDS.has(command)) return resolveToolName(command, EDITOR_COMMANDS);
  }
  return resolveToolName(call.toolName, COPILOT_TOOL_ALIASES);
}
