import { createIndentedHead, isJsonObject, readIndentedHeadLine, type IndentedHead } from '@x/core/provider-utils';
import { applyGeminiRecord, type GeminiHead } from './session-head.js';

/*
 * The head of a ≤0.38 recording too large to parse whole for a listing row.
 * Gemini CLI writes the document with `JSON.stringify(conversation, null, 2)`
 * (fixtures/gemini-log/recorded/0.31.0: every one is so indented), so core's
 * indented-document reader gives its top-level fields and each message as
 * its last line arrives: the id, the start time and the first prompt come
 * from the first lines, whatever the file's size.
 */

/** A head read of a recording's `messages`. */
export function createLegacyHeadState(): IndentedHead {
  return createIndentedHead('messages');
}

/** Reads one line of the document into `head`; `false` once its first prompt is known (the rest is not needed). */
export function visitLegacyHeadLine(state: IndentedHead, head: GeminiHead, line: string): boolean {
  const element = readIndentedHeadLine(state, line);
  // The document's fields are the recording's metadata, as a whole document's are (applyGeminiDocument).
  head.meta = state.fields;
  if (element !== undefined && isJsonObject(element.value)) applyGeminiRecord(head, element.value);
  return head.firstPrompt === undefined;
}
