import { CANONICAL_TOOLS, type ToolKind } from '@x/core';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { toolGlyph, toolMarker } from './tool-marker.js';

const CANONICAL_MARKERS: Record<keyof typeof CANONICAL_TOOLS, string> = {
  Read: '» Read',
  Write: '✚ Write',
  Edit: '✎ Edit',
  MultiEdit: '✎ MultiEdit',
  NotebookEdit: '✎ NotebookEdit',
  Delete: '⌫ Delete',
  Move: '⇄ Move',
  LS: '≣ LS',
  Grep: '⌕ Grep',
  Glob: '✱ Glob',
  Bash: '$ Bash',
  Task: '↳ Task',
  TodoWrite: '☐ TodoWrite',
  WebFetch: '⇣ WebFetch',
  WebSearch: '⍰ WebSearch',
};

describe('toolMarker', () => {
  it.each(Object.entries(CANONICAL_MARKERS))('marks %s as %s', (name, marker) => {
    expect(toolMarker(name, CANONICAL_TOOLS[name as keyof typeof CANONICAL_TOOLS])).toBe(marker);
  });

  it('covers the whole vocabulary', () => {
    expect(Object.keys(CANONICAL_MARKERS).sort()).toEqual(Object.keys(CANONICAL_TOOLS).sort());
  });

  it('gives each of the seven well-known tools its own glyph', () => {
    const glyphs = ['Read', 'Write', 'Edit', 'Bash', 'Grep', 'Glob', 'Task'].map((name) => toolGlyph(name, 'other'));
    expect(new Set(glyphs).size).toBe(7);
  });

  it.each<[string, ToolKind, string]>([
    ['apply_patch', 'edit', '✎ apply_patch'],
    ['shell_exec', 'execute', '$ shell_exec'],
    ['fetch_page', 'fetch', '⇣ fetch_page'],
    ['find_files', 'search', '⌕ find_files'],
    ['open_file', 'read', '» open_file'],
    ['remove', 'delete', '⌫ remove'],
    ['rename', 'move', '⇄ rename'],
    ['plan', 'think', '✻ plan'],
    ['github.create_issue', 'other', '⎔ github.create_issue'],
    ['frobnicate', 'other', '⟐ frobnicate'],
  ])('marks the non-canonical %s (%s) as %s', (name, kind, marker) => {
    expect(toolMarker(name, kind)).toBe(marker);
  });

  it('shows an unknown raw name with its control characters visible', () => {
    expect(toolMarker('evil\x1b[2J', 'other')).toBe('⟐ evil\\x1b[2J');
  });

  it('uses single-column glyphs for every tool and kind', () => {
    const kinds = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'other'] as const;
    for (const name of [...Object.keys(CANONICAL_TOOLS), 'x.y', 'z']) expect(stringWidth(toolGlyph(name, 'other'))).toBe(1);
    for (const kind of kinds) expect(stringWidth(toolGlyph('custom', kind))).toBe(1);
  });
});
