import type { ToolCallContent, ToolCallLocation } from '@agentclientprotocol/sdk/unstable';
import { type FileEdit, fileEditsOf, type ToolResultDisplayEvent } from '@x/core';

/**
 * ACP's diff for one file edit. ACP wants the text before and after; an edit
 * names only the lines it touches, so the diff covers those lines (with their
 * context), as ACP adapters of string-replacing tools do. A created or
 * written file has no text before.
 */
function diffOf(edit: FileEdit): ToolCallContent | undefined {
  if (edit.content !== undefined) return { type: 'diff', path: edit.path, oldText: null, newText: edit.content };
  // An edit past core's kept lines has only its first lines: a partial before and after would misstate the file, so only its location is sent.
  if (edit.lines.length === 0 || edit.omittedLines !== undefined) return undefined;
  const before: string[] = [];
  const after: string[] = [];
  for (const line of edit.lines) {
    if (line.kind === 'hunk') continue;
    if (line.kind !== 'add') before.push(line.text);
    if (line.kind !== 'remove') after.push(line.text);
  }
  const oldText = edit.change === 'created' ? null : before.join('\n');
  return { type: 'diff', path: edit.movedTo ?? edit.path, oldText, newText: after.join('\n') };
}

/** The diffs and file locations a tool call's input describes. */
export interface EditContent {
  diffs: ToolCallContent[];
  locations: ToolCallLocation[];
}

/** The diffs and locations of a call's input (an edit, a patch, a written file); none for other calls. */
export function editContentOf(input: unknown): EditContent {
  const diffs: ToolCallContent[] = [];
  const locations: ToolCallLocation[] = [];
  for (const edit of fileEditsOf(input)) {
    locations.push({ path: edit.movedTo ?? edit.path });
    const diff = diffOf(edit);
    if (diff !== undefined) diffs.push(diff);
  }
  return { diffs, locations };
}

/** The longest run of backticks in `text`, so that a fence around it is longer. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * A result's output as ACP content. A command's output is terminal output: the
 * command ran in the CLI's process, not in a terminal of the client, so it
 * cannot be an ACP `terminal` block; it is sent as a fenced block, which ACP
 * clients show as code, its fence longer than any backtick run inside.
 */
export function outputContentOf(result: ToolResultDisplayEvent): ToolCallContent[] {
  const text = result.output ?? result.details.errorMessage;
  if (text === undefined || text === '') return [];
  if (result.toolKind !== 'execute') return [{ type: 'content', content: { type: 'text', text } }];
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return [{ type: 'content', content: { type: 'text', text: `${fence}console\n${body}${fence}` } }];
}
