import { PREVIEW_MAX_CHARS } from '@x/core';
import { ownField, toOneLine, toolAliases } from '@x/core/provider-utils';

/**
 * Gemini CLI's built-in tool names (`@google/gemini-cli-core@0.61.0`,
 * `tools/definitions/base-declarations.js`, plus names of earlier releases)
 * on the canonical vocabulary. Tools without a canonical counterpart
 * (`save_memory`, `ask_user`, `activate_skill`, the `tracker_*` tools, plan
 * mode, background shell tools) pass through with kind `other`.
 */
const CANONICAL = toolAliases({
  read_file: 'Read',
  read_many_files: 'Read',
  write_file: 'Write',
  replace: 'Edit',
  edit: 'Edit',
  run_shell_command: 'Bash',
  grep_search: 'Grep',
  // The name of grep_search before 0.2x, kept by the CLI as a legacy alias.
  search_file_content: 'Grep',
  grep: 'Grep',
  glob: 'Glob',
  list_directory: 'LS',
  ls: 'LS',
  web_fetch: 'WebFetch',
  google_web_search: 'WebSearch',
  write_todos: 'TodoWrite',
  invoke_agent: 'Task',
  // 0.26's subagent tool (`agent_name` and the agent's own inputs), before invoke_agent.
  delegate_to_agent: 'Task',
  // 0.20's subagent, a tool of its own (`objective`; 0.38 still offers it beside `generalist`).
  codebase_investigator: 'Task',
});

// Gemini qualifies MCP tools as `mcp_<server>_<tool>` (mcp-tool.js
// `parseMcpToolName`: the server is the first segment), not the
// `mcp__server__tool` form that core's resolveToolName knows.
const MCP_NAME = /^mcp_([^_]+)_(.+)$/;

/**
 * The alias map handed to the tool-call tracker. A `Map` whose `get` also
 * answers Gemini's MCP names with the canonical MCP form `server.tool`, so
 * that they resolve through core's `resolveToolName` like any alias.
 */
class GeminiToolNames extends Map<string, string> {
  override get(name: string): string | undefined {
    const alias = super.get(name);
    if (alias !== undefined) return alias;
    const mcp = MCP_NAME.exec(name);
    return mcp ? `${mcp[1]}.${mcp[2]}` : undefined;
  }
}

/** Gemini CLI tool names mapped onto the canonical vocabulary, MCP names included. */
export const GEMINI_TOOL_ALIASES: ReadonlyMap<string, string> = new GeminiToolNames(CANONICAL);

// Tools whose telling field is not the first one core's preview finds: the
// shell, grep and glob also take `dir_path`, which core would show instead of
// the command or pattern; others use fields core does not know.
const PREVIEW_FIELDS = new Map<string, readonly string[]>([
  ['run_shell_command', ['command']],
  ['grep_search', ['pattern']],
  ['search_file_content', ['pattern']],
  ['grep', ['pattern']],
  ['glob', ['pattern']],
  ['read_many_files', ['include', 'paths']],
  ['web_fetch', ['url', 'prompt']],
  ['invoke_agent', ['agent_name', 'prompt']],
  ['delegate_to_agent', ['agent_name']],
  ['codebase_investigator', ['objective']],
  ['activate_skill', ['name']],
  ['save_memory', ['fact']],
  ['read_mcp_resource', ['uri']],
  ['read_background_output', ['pid']],
  ['enter_plan_mode', ['reason']],
  ['exit_plan_mode', ['plan_filename']],
  ['update_topic', ['title', 'strategic_intent']],
  ['tracker_create_task', ['title']],
  ['tracker_update_task', ['id']],
  ['tracker_get_task', ['id']],
]);

function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value.join(' ');
  return undefined;
}

/**
 * The argument preview of a Gemini tool call whose telling field is not the
 * one core's `previewToolInput` would pick, or `undefined` when core's
 * preview is right. Single-line, at most 40 characters.
 */
export function previewOverride(toolName: string, input: unknown): string | undefined {
  const fields = PREVIEW_FIELDS.get(toolName);
  if (fields === undefined) return undefined;
  for (const field of fields) {
    const text = fieldText(ownField(input, field));
    if (text !== undefined && text.trim() !== '') return toOneLine(text, PREVIEW_MAX_CHARS);
  }
  return undefined;
}
