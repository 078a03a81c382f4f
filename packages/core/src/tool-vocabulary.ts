import type { ToolKind } from './display-event.js';

/**
 * The canonical display names every provider maps onto, with their coarse
 * kind. Providers translate their own names with a table of aliases and
 * {@link resolveToolName}; anything else passes through with kind `other`.
 */
export const CANONICAL_TOOLS = {
  Read: 'read',
  Write: 'edit',
  Edit: 'edit',
  MultiEdit: 'edit',
  NotebookEdit: 'edit',
  Delete: 'delete',
  Move: 'move',
  LS: 'search',
  Grep: 'search',
  Glob: 'search',
  Bash: 'execute',
  Task: 'think',
  TodoWrite: 'think',
  WebFetch: 'fetch',
  WebSearch: 'fetch',
} as const satisfies Record<string, ToolKind>;

/** One of the canonical display names. */
export type CanonicalToolName = keyof typeof CANONICAL_TOOLS;

/** The canonical display name and kind of a provider's tool. */
export interface ResolvedTool {
  /** Canonical name (`Read`), MCP form (`server.tool`) or the raw name unchanged. */
  name: string;
  kind: ToolKind;
}

const canonical = new Map<string, ToolKind>(Object.entries(CANONICAL_TOOLS));

/** Whether `name` is one of the canonical display names. */
export function isCanonicalToolName(name: string): name is CanonicalToolName {
  return canonical.has(name);
}

/** The kind of a canonical name, or `other`. */
export function toolKindOf(name: string): ToolKind {
  return canonical.get(name) ?? 'other';
}

const MCP_DOUBLE_UNDERSCORE = /^mcp__(.+?)__(.+)$/;
/** The display form every source gives an MCP tool, `server.tool` (no canonical or provider name has a dot). */
const MCP_DISPLAY_NAME = /^[^.\s]+\.[^\s]+$/;

/** Whether a resolved display name is an MCP tool's `server.tool`. */
export function isMcpDisplayName(name: string): boolean {
  return MCP_DISPLAY_NAME.test(name);
}

/**
 * Maps a provider's tool name onto the vocabulary. `aliases` is the provider's
 * own table (`{ read_file: 'Read' }`); a canonical name maps to itself; the
 * MCP form `mcp__server__tool` becomes `server.tool`; anything else passes
 * through unchanged with kind `other`.
 *
 * `aliases` should be a `Map` or an object without a prototype, so that a name
 * such as `constructor` from hostile input finds nothing.
 */
export function resolveToolName(rawName: string, aliases?: ReadonlyMap<string, string>): ResolvedTool {
  const alias = aliases?.get(rawName);
  if (alias !== undefined) return { name: alias, kind: toolKindOf(alias) };
  const kind = canonical.get(rawName);
  if (kind !== undefined) return { name: rawName, kind };
  const mcp = MCP_DOUBLE_UNDERSCORE.exec(rawName);
  if (mcp) return { name: `${mcp[1]}.${mcp[2]}`, kind: 'other' };
  return { name: rawName, kind: 'other' };
}

/**
 * Builds an alias map from a plain table, for {@link resolveToolName}.
 * Throws when a target is not a canonical name, catching typos at load time.
 */
export function toolAliases(table: Record<string, CanonicalToolName>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [from, to] of Object.entries(table)) {
    if (!canonical.has(to)) throw new TypeError(`toolAliases: "${to}" is not a canonical tool name.`);
    map.set(from, to);
  }
  return map;
}
