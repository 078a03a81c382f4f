import { isJsonObject, parseJson } from '@x/core/provider-utils';
import { applyGeminiRecord, type GeminiHead } from './session-head.js';

/*
 * The head of a ≤0.38 recording too large to parse whole for a listing row.
 * Gemini CLI writes the document with `JSON.stringify(conversation, null, 2)`
 * (fixtures/gemini-log/recorded/0.31.0: every one is so indented), and JSON
 * strings hold no raw line break, so its layout tells its structure line by
 * line: a top-level field is a line indented by two spaces, and each message
 * of `messages` runs from a line `    {` to a line `    }` (or `    },`).
 * Each message is parsed alone when its last line arrives, so the id, the
 * start time and the first prompt are known from the first lines, whatever
 * the file's size.
 */

/** A top-level field whose value is on its line: a string, a number, `true`, `false` or `null`. */
const SCALAR_FIELD = /^ {2}"((?:[^"\\]|\\.)*)": ("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null),?$/;

/** Where a head read is in the document's lines. */
export interface LegacyHeadState {
  /** Inside the top-level `messages` array. */
  inMessages: boolean;
  /** The lines of the message being read, from its `{`. */
  message: string[] | undefined;
}

export function createLegacyHeadState(): LegacyHeadState {
  return { inMessages: false, message: undefined };
}

/** Reads one line of the document into `head`; `false` once its first prompt is known (the rest is not needed). */
export function visitLegacyHeadLine(state: LegacyHeadState, head: GeminiHead, line: string): boolean {
  if (!state.inMessages) {
    const field = SCALAR_FIELD.exec(line);
    const key = field === null ? undefined : parseJson(`"${field[1]}"`)?.value;
    if (field !== null && typeof key === 'string') head.meta[key] = parseJson(field[2] as string)?.value;
    state.inMessages = line === '  "messages": [';
    return true;
  }
  if (line === '  ]' || line === '  ],') {
    state.inMessages = false;
    return true;
  }
  if (line === '    {') state.message = [];
  state.message?.push(line);
  if (state.message === undefined || (line !== '    }' && line !== '    },')) return true;
  const record = parseJson(state.message.join('\n').replace(/,$/, ''))?.value;
  state.message = undefined;
  if (isJsonObject(record)) applyGeminiRecord(head, record);
  return head.firstPrompt === undefined;
}
