import { toolAliases } from '@x/core/provider-utils';

/**
 * Claude Code's tool names onto the canonical vocabulary. Its names already are
 * the canonical ones (`Read`, `Write`, `Edit`, `MultiEdit`, `Bash`, `Grep`,
 * `Glob`, `Task`, `WebFetch`, `WebSearch`, `TodoWrite`, `NotebookEdit`, `LS`),
 * except `Agent`, the subagent tool's name since CLI 2.x, and the names 0.2.70
 * gave its tools (`View`, `Replace`, `GrepTool`, `GlobTool`, `WebFetchTool`, `dispatch_agent`;
 * claude.md quirk 22). The API's own web
 * tools (`server_tool_use` blocks named `web_search`, `web_fetch`) are the
 * same tools run on Anthropic's side. MCP names (`mcp__server__tool`) become
 * `server.tool` in core; any other name passes through unchanged.
 */
export const CLAUDE_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({
  Agent: 'Task',
  web_search: 'WebSearch',
  web_fetch: 'WebFetch',
  View: 'Read',
  Replace: 'Write',
  GrepTool: 'Grep',
  GlobTool: 'Glob',
  WebFetchTool: 'WebFetch',
  dispatch_agent: 'Task',
});
