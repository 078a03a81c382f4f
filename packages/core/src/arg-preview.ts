import { decodeJsonString, isJsonObject, type JsonObject, ownField } from './json-value.js';
import { PREVIEW_MAX_CHARS, toOneLine } from './text-limits.js';

/**
 * The input fields that identify a call, most telling first. The first one
 * present with a usable value is the preview.
 */
export const PREVIEW_FIELDS = [
  'file_path',
  'filePath',
  'absolute_path',
  'notebook_path',
  'path',
  'dir_path',
  'command',
  'cmd',
  'pattern',
  'url',
  'query',
  'question',
  'questions',
  'todos',
  'description',
] as const;

/** A todo's text, under the names the agents use (Claude `content`, Gemini `description`). */
function todoText(todo: unknown): string | undefined {
  for (const field of ['content', 'description', 'activeForm']) {
    const text = ownField(todo, field);
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}

function previewValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!Array.isArray(value) || value.length === 0) return undefined;
  // argv arrays, such as Codex's legacy `["bash", "-lc", "ls"]`.
  if (value.every((part) => typeof part === 'string')) return value.join(' ');
  // Claude's `AskUserQuestion` asks `questions: [{question, header, options}]`: the first question tells the call.
  const question = ownField(value[0], 'question');
  if (typeof question === 'string' && question.trim() !== '') return question;
  // A todo list (`TodoWrite`, `write_todos`): the item in progress tells the call, else the first.
  const current = value.find((todo) => ownField(todo, 'status') === 'in_progress');
  return todoText(current ?? value[0]);
}

/**
 * Compact JSON of a value, written only as far as a preview can show: a
 * large input (file contents, long argument lists) costs no more than a
 * small one. Keys are the value's own; the result may end mid-token, as the
 * preview cuts it anyway.
 */
function compactJson(value: unknown, budget: number): string {
  const writer: JsonWriter = { out: '', budget };
  writeJson(writer, value);
  return writer.out;
}

/** The text written so far and how far it may grow before writing stops. */
interface JsonWriter {
  out: string;
  readonly budget: number;
}

function isFull(writer: JsonWriter): boolean {
  return writer.out.length > writer.budget;
}

function writeJson(writer: JsonWriter, item: unknown): void {
  if (isFull(writer)) return;
  if (typeof item === 'string') {
    writer.out += JSON.stringify(item.length > writer.budget ? item.slice(0, writer.budget) : item);
  } else if (Array.isArray(item)) {
    writeJsonArray(writer, item);
  } else if (isJsonObject(item)) {
    writeJsonObject(writer, item);
  } else {
    writer.out += typeof item === 'number' || typeof item === 'boolean' ? String(item) : 'null';
  }
}

function writeJsonArray(writer: JsonWriter, items: readonly unknown[]): void {
  writer.out += '[';
  items.forEach((element, i) => {
    if (isFull(writer)) return;
    if (i > 0) writer.out += ',';
    writeJson(writer, element);
  });
  writer.out += ']';
}

function writeJsonObject(writer: JsonWriter, item: JsonObject): void {
  writer.out += '{';
  let first = true;
  for (const key of Object.keys(item)) {
    if (isFull(writer)) break;
    writer.out += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    writeJson(writer, item[key]);
  }
  writer.out += '}';
}

/** Whether a preview would only repeat the tool's name, or the tool part of a `server.tool` name. */
function isName(text: string, toolNames: readonly string[]): boolean {
  const trimmed = text.trim();
  return toolNames.some((name) => name === trimmed || name.slice(name.lastIndexOf('.') + 1) === trimmed);
}

/**
 * A single-line preview of a tool's input, at most 40 characters. It is taken
 * from a known field (`file_path`, `command`, `pattern`, `url`, `query`,
 * `question`, ...), `preferFields` first (a search is told by its `pattern`
 * before its `path`). Input without a known field (MCP tools, functions an app
 * declares, `{"location":"San Francisco"}`) is previewed as its compact JSON,
 * cut; an empty object gives `""`. Input that arrives as a JSON-encoded string
 * is decoded first; a string that is not JSON is previewed as it is. A value
 * that would only repeat one of `toolNames` (the tool's own name) is never the
 * preview.
 */
export function previewToolInput(input: unknown, preferFields: readonly string[] = [], toolNames: readonly string[] = []): string {
  const decoded = decodeJsonString(input);
  if (typeof decoded === 'string') return isName(decoded, toolNames) ? '' : toOneLine(decoded, PREVIEW_MAX_CHARS);
  if (isJsonObject(decoded)) {
    for (const field of preferFields.length === 0 ? PREVIEW_FIELDS : [...preferFields, ...PREVIEW_FIELDS]) {
      const text = previewValue(ownField(decoded, field));
      if (text !== undefined && !isName(text, toolNames)) return toOneLine(text, PREVIEW_MAX_CHARS);
    }
    if (Object.keys(decoded).length === 0) return '';
  } else if (!Array.isArray(decoded) || decoded.length === 0) {
    return '';
  }
  // Room for the cut's ellipsis: a JSON text just past the limit is still cut where the preview cuts it.
  return toOneLine(compactJson(decoded, PREVIEW_MAX_CHARS * 2), PREVIEW_MAX_CHARS);
}
