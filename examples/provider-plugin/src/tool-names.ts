import { toolAliases } from '@x/core/provider-utils';

/**
 * The tools of goose's built-in `developer` extension
 * (crates/goose/src/agents/platform_extensions/developer/mod.rs: `write`,
 * `edit`, `shell`, `tree`, `web_fetch`) on the canonical vocabulary. Goose
 * shows every extension tool to the model as `<extension>__<tool>`, and that
 * is the name a `toolRequest` carries.
 */
const DEVELOPER_TOOLS = toolAliases({
  developer__shell: 'Bash',
  developer__write: 'Write',
  developer__edit: 'Edit',
  developer__tree: 'LS',
  developer__web_fetch: 'WebFetch',
});

// `<extension>__<tool>`: the extension is everything before the first `__`.
const EXTENSION_TOOL = /^(.+?)__(.+)$/;

/**
 * An alias map whose `get` also answers any other extension's tool with the
 * canonical MCP form `extension.tool`, so that core's `resolveToolName` shows
 * `github__list_issues` as `github.list_issues` (kind `other`). Core knows
 * only Claude's `mcp__server__tool` form by itself.
 */
class GooseToolNames extends Map<string, string> {
  override get(name: string): string | undefined {
    const alias = super.get(name);
    if (alias !== undefined) return alias;
    const extension = EXTENSION_TOOL.exec(name);
    return extension ? `${extension[1]}.${extension[2]}` : undefined;
  }
}

/** Goose tool names mapped onto the canonical vocabulary, other extensions' tools included. */
export const gooseToolAliases: ReadonlyMap<string, string> = new GooseToolNames(DEVELOPER_TOOLS);
