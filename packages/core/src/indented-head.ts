import { parseJson } from './json-value.js';

/*
 * The first lines of a JSON document that its writer indented with two
 * spaces (`JSON.stringify(value, null, 2)`), read for a listing row when the
 * whole document is too large to parse: Gemini CLI's ≤0.38 chat recordings
 * and Copilot CLI 0.0.340's history documents are written so. JSON strings
 * hold no raw line break, so the layout tells the structure line by line: a
 * top-level field with a one-line value is a line indented by two spaces, and
 * each element of a top-level array runs from a line `    {` to a line
 * `    }` (or `    },`). Each element is parsed alone when its last line
 * arrives, so what the first elements say is known from the first lines,
 * whatever the document's size.
 */

/** A top-level field whose value is on its line: a string, a number, `true`, `false` or `null`. */
const SCALAR_FIELD = /^ {2}"((?:[^"\\]|\\.)*)": ("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null),?$/;

/** Where a read of an indented document's head is. */
export interface IndentedHead {
  /** The top-level array whose elements are read. */
  readonly arrayKey: string;
  /** The top-level fields with one-line values read so far. */
  readonly fields: Record<string, unknown>;
  /** Inside the array. */
  inArray: boolean;
  /** The lines of the element being read, from its `{`. */
  element: string[] | undefined;
}

/** A read of a document's head whose elements of `arrayKey` are wanted. */
export function createIndentedHead(arrayKey: string): IndentedHead {
  return { arrayKey, fields: {}, inArray: false, element: undefined };
}

/**
 * Reads one line of the document: a top-level field goes into
 * `head.fields`, and an element of the array that this line completes is
 * returned parsed (`{ value }`; `value` is `undefined` when the element does
 * not parse). Never throws.
 */
export function readIndentedHeadLine(head: IndentedHead, line: string): { value: unknown } | undefined {
  if (!head.inArray) {
    const field = SCALAR_FIELD.exec(line);
    const key = field === null ? undefined : parseJson(`"${field[1]}"`)?.value;
    // Defined, not assigned: a field named `__proto__` is an own field like any other, never the prototype.
    if (field !== null && typeof key === 'string')
      Object.defineProperty(head.fields, key, { value: parseJson(field[2] as string)?.value, enumerable: true, writable: true, configurable: true });
    head.inArray = line === `  ${JSON.stringify(head.arrayKey)}: [`;
    return undefined;
  }
  if (line === '  ]' || line === '  ],') {
    head.inArray = false;
    return undefined;
  }
  if (line === '    {') head.element = [];
  head.element?.push(line);
  if (head.element === undefined || (line !== '    }' && line !== '    },')) return undefined;
  const text = head.element.join('\n').replace(/,$/, '');
  head.element = undefined;
  return { value: parseJson(text)?.value };
}
