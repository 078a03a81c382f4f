import type { DisplayEvent } from './display-event.js';

/** Any C0 control but TAB and LF, DEL, or a C1 control: the characters plain text must not hold. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** A complete SGR sequence (colour, bold, underline): parameter bytes only, no payload that could be content. */
const STYLE = /(?:\u001b\[|\u009b)[0-9;:]*m/g;
const CR = /\r\n?/g;
const OTHER_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

function visible(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * Makes a string plain: complete colour and style sequences (SGR, `ESC[31m`)
 * are removed, CRLF and a lone CR become LF, and every other control
 * character (C0 but TAB and LF, DEL, C1) becomes its visible notation,
 * `\x1b` or `\x9d`. The ESC of any other escape sequence (a cursor move, an
 * OSC 8 link, an OSC 52 clipboard write, a title, a DCS string) shows that
 * way and the rest of the sequence stays as the printable text it is:
 * removing such a sequence would remove its payload too, and text shown
 * without part of itself is not the text that was there. A string without
 * controls is returned as it is, after one scan.
 */
export function toPlainText(text: string): string {
  if (!CONTROL.test(text)) return text;
  return toVisibleText(text.replace(STYLE, ''));
}

/**
 * Like {@link toPlainText}, but colour sequences are made visible too: for a
 * tool call's name and input, where every character of what runs must show.
 */
function toVisibleText(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(CR, '\n').replace(OTHER_CONTROLS, visible);
}

/** How deep a raw tool input may nest before the rest is cut off. */
export const MAX_INPUT_DEPTH = 64;
const TOO_DEEP = `[cut: nested deeper than ${MAX_INPUT_DEPTH} levels]`;

type Plain = (text: string) => string;

/**
 * Keys already scanned and found without a control character. Objects of one
 * stream repeat the same few keys (`kind`, `id`, `text`, a tool's parameter
 * names) on every event, and a set lookup of a key costs a third of the scan
 * (x-bench: about 4% of a Gemini source's time). A key is the same text
 * wherever it occurs, so a key in the set is plain; every other key is still
 * scanned. Cleared when full, so that keys an input invents cannot hold it.
 */
const PLAIN_KEYS = new Set<string>();
const PLAIN_KEYS_MAX = 1024;
const PLAIN_KEY_MAX_CHARS = 64;

function plainKey(key: string, plain: Plain): string {
  if (PLAIN_KEYS.has(key)) return key;
  if (CONTROL.test(key)) return plain(key);
  if (key.length <= PLAIN_KEY_MAX_CHARS) {
    if (PLAIN_KEYS.size >= PLAIN_KEYS_MAX) PLAIN_KEYS.clear();
    PLAIN_KEYS.add(key);
  }
  return key;
}

function plainValue(value: unknown, depth: number, plain: Plain): unknown {
  if (typeof value === 'string') return plain(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_INPUT_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i] as unknown;
      const clean = plainValue(item, depth + 1, plain);
      if (clean !== item) {
        copy ??= value.slice();
        copy[i] = clean;
      }
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  // An indexed loop: it runs for every object of every event (x-bench).
  const keys = Object.keys(record);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    const item = record[key];
    const clean = plainValue(item, depth + 1, plain);
    const cleanKey = plainKey(key, plain);
    if (clean !== item || cleanKey !== key) {
      // defineProperty, not assignment: a "__proto__" key must stay an own property.
      copy ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(record)) as Record<string, unknown>;
      if (cleanKey !== key) delete copy[key];
      Object.defineProperty(copy, cleanKey, { value: clean, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
}

/**
 * Returns the event with every string field plain (see {@link toPlainText}),
 * and tool input cut at {@link MAX_INPUT_DEPTH} levels. A `tool-use` event
 * keeps even its colour sequences, visibly: its name, preview and input say
 * what ran, and a preview must not hide any part of a command (so do the
 * `arg` and `input` of a `tool-result` that restates what ran). The same
 * object comes back when nothing needed changing, so the common case
 * allocates nothing.
 */
export function toPlainEvent(event: DisplayEvent): DisplayEvent {
  if ((event.kind === 'text' || event.kind === 'reasoning') && isPlainIncrement(event)) return event;
  const plain = plainValue(event, -1, event.kind === 'tool-use' ? toVisibleText : toPlainText) as DisplayEvent;
  if (plain.kind !== 'tool-result' || (plain.arg === undefined && plain.input === undefined)) return plain;
  // What a call ran, where its result restates it, keeps its sequences visibly, as the tool-use's preview and input do.
  const ran = event as typeof plain;
  return { ...plain, ...(ran.arg === undefined ? {} : { arg: plainValue(ran.arg, 0, toVisibleText) as string }), ...(ran.input === undefined ? {} : { input: plainValue(ran.input, 0, toVisibleText) }) };
}

/**
 * Whether a text or reasoning event is exactly `{ kind, id, text }`, in that
 * order, with no control character in `id` or `text`: what {@link plainValue}
 * would return unchanged. Such increments are most events of a stream, and
 * this reads their two strings without walking the object (its keys and
 * `kind` are literals known to be plain): x-bench, 2026-11-24. Any other
 * shape, or a string with a control character, takes the walk.
 */
function isPlainIncrement(event: DisplayEvent & { id: unknown; text: unknown }): boolean {
  const keys = Object.keys(event);
  if (keys.length !== 3 || keys[0] !== 'kind' || keys[1] !== 'id' || keys[2] !== 'text') return false;
  const { id, text } = event;
  return typeof id === 'string' && typeof text === 'string' && !CONTROL.test(id) && !CONTROL.test(text);
}
