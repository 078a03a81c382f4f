import type { ToolKind } from '@x/core';
import { sanitizeLine } from './sanitize.js';

/*
 * Glyphs are single-column in every terminal: each has East Asian width
 * Neutral or Narrow (never Ambiguous, which CJK terminals draw two columns
 * wide) and none has an emoji presentation, so width counting holds.
 */
const BY_NAME: ReadonlyMap<string, string> = new Map([
  ['Read', '»'],
  ['Write', '✚'],
  ['Edit', '✎'],
  ['MultiEdit', '✎'],
  ['NotebookEdit', '✎'],
  ['Delete', '⌫'],
  ['Move', '⇄'],
  ['LS', '≣'],
  ['Grep', '⌕'],
  ['Glob', '✱'],
  ['Bash', '$'],
  ['Task', '↳'],
  ['TodoWrite', '☐'],
  ['WebFetch', '⇣'],
  ['WebSearch', '⍰'],
]);

const BY_KIND: ReadonlyMap<string, string> = new Map([
  ['read', '»'],
  ['edit', '✎'],
  ['delete', '⌫'],
  ['move', '⇄'],
  ['search', '⌕'],
  ['execute', '$'],
  ['think', '✻'],
  ['fetch', '⇣'],
]);

const MCP_GLYPH = '⎔';
const OTHER_GLYPH = '⟐';

/**
 * The glyph of a tool: its own for each canonical name, the MCP glyph for a
 * `server.tool` name, else the glyph of its kind (so a provider's own editing
 * tool still looks like an edit), else a neutral one.
 */
export function toolGlyph(name: string, kind: ToolKind): string {
  const own = BY_NAME.get(name);
  if (own !== undefined) return own;
  const byKind = BY_KIND.get(kind);
  if (byKind !== undefined) return byKind;
  return name.includes('.') ? MCP_GLYPH : OTHER_GLYPH;
}

/**
 * The marker a tool call is shown with: its glyph and its name (`$ Bash`,
 * `» Read`, `⎔ github.create_issue`). An unknown tool shows its raw name,
 * neutralised like any other content.
 */
export function toolMarker(name: string, kind: ToolKind): string {
  return `${toolGlyph(name, kind)} ${sanitizeLine(name)}`;
}
