import { toolAliases } from '@x/core/provider-utils';

/**
 * Claude Code's tool names onto the canonical vocabulary. Its names already are
 * the canonical ones (`Read`, `Write`, `Edit`, `MultiEdit`, `Bash`, `Grep`,
 * `Glob`, `Task`, `WebFetch`, `WebSearch`, `TodoWrite`, `NotebookEdit`, `LS`),
 * except `Agent`, the subagent tool's name since CLI 2.x. The API's own web
 * tools (`server_tool_use` blocks named `web_search`, `web_fetch`) are the
 * same tools run on Anthropic's side. MCP names (`mcp__server__tool`) become
 * `server.tool` in core; any other name passes through unchanged.
 */
export const CLAUDE_TOOL_ALIASES: ReadonlyMap<string, string> = toolAliases({ Agent: 'Task', web_search: 'WebSearch', web_fetch: 'WebFetch' });
