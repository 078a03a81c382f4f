import type { DisplayEvent } from './display-event.js';

/** Any C0 control but TAB and LF, DEL, or a C1 control: the characters plain text must not hold. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/**
 * Terminal escape sequences, 7-bit and 8-bit: CSI (`ESC [` / `\x9b` ... final
 * byte), OSC (`ESC ]` / `\x9d` ... BEL or ST), DCS/SOS/PM/APC strings, and
 * two-character `ESC x` sequences. An unterminated string sequence runs to the
 * end of the text, as a terminal would swallow it.
 */
const ESCAPE_SEQUENCE =
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
const CR = /\r\n?/g;
const OTHER_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Makes a string plain: escape sequences (colours, cursor moves, OSC 8 links,
 * OSC 52 clipboard writes, titles) are removed, CRLF and lone CR become LF,
 * and any other control character is dropped. TAB and LF stay. A string
 * without controls is returned as it is, after one scan.
 */
export function toPlainText(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(CR, '\n').replace(OTHER_CONTROLS, '');
}

/** How deep a raw tool input may nest before the rest is cut off. */
export const MAX_INPUT_DEPTH = 64;
const TOO_DEEP = `[cut: nested deeper than ${MAX_INPUT_DEPTH} levels]`;

function plainValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return toPlainText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_INPUT_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i] as unknown;
      const plain = plainValue(item, depth + 1);
      if (plain !== item) {
        copy ??= value.slice();
        copy[i] = plain;
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
    const plain = plainValue(item, depth + 1);
    const plainKey = toPlainText(key);
    if (plain !== item || plainKey !== key) {
      // defineProperty, not assignment: a "__proto__" key must stay an own property.
      copy ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(record)) as Record<string, unknown>;
      if (plainKey !== key) delete copy[key];
      Object.defineProperty(copy, plainKey, { value: plain, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
}

/**
 * Returns the event with every string field plain (see {@link toPlainText}),
 * nested tool input included, and tool input cut at {@link MAX_INPUT_DEPTH}
 * levels. The same object comes back when nothing needed changing, so the
 * common case allocates nothing.
 */
export function toPlainEvent(event: DisplayEvent): DisplayEvent {
  return plainValue(event, -1) as DisplayEvent;
}
