import { toolAliases } from '@x/core/provider-utils';

/**
 * Claude Code's tool names onto the canonical vocabulary. Its names already are
 * the canonical ones (`Read`, `Write`, `Edit`, `MultiEdit`, `Bash`, `Grep`,
 * `Glob`, `Task`, `WebFetch`, `WebSearch`, `TodoWrite`, `NotebookEdit`, `LS`),
 * except `Agent`, the subagent tool's name since CLI 2.x. MCP names
 * (`mcp__server__tool`) become `server.tool` in core; any other name passes
 * through unchanged.
 */
export const claudeToolAliases: ReadonlyMap<string, string> = toolAliases({ Agent: 'Task' });
