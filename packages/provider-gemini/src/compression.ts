import { ownField, stringField } from '@x/core/provider-utils';
import { partsText } from './log-messages.js';

/**
 * What Gemini CLI answers itself after the summary that replaces a compressed
 * history (0.61's chat compression: the history becomes the summary as a
 * `user` message and this `gemini` message, then what it kept; recorded:
 * fixtures/gemini-log/recorded/0.61.0/compaction).
 */
const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';

/** What a model's answer carries and the CLI's acknowledgement never does (recorded: 0.61.0, compaction). */
const ANSWER_FIELDS = ['toolCalls', 'thoughts', 'tokens'];

/**
 * The ids of a compression's summary and the CLI's acknowledgement of it in a
 * message list (`$set.messages`): the CLI's own exchange, neither a prompt nor
 * an answer, and the sign that the list replaced a compressed history. The
 * summary's id first; empty when the list holds no compression. The CLI
 * writes the pair first in the list (after the session context, at most),
 * the acknowledgement with nothing but its text: a model's answer in the
 * same words (a file it read can lead it to them), or the words anywhere
 * else, hides no prompt, tool call or answer.
 */
export function compressionIds(messages: readonly unknown[]): string[] {
  for (const index of [1, 2]) {
    const message = messages[index];
    const before = messages[index - 1];
    if (ownField(message, 'type') !== 'gemini' || ownField(before, 'type') !== 'user') continue;
    if (ANSWER_FIELDS.some((field) => ownField(message, field) !== undefined)) continue;
    if (partsText(ownField(message, 'content')).trim() !== COMPRESSION_ACK) continue;
    const summary = stringField(before, 'id');
    const ack = stringField(message, 'id');
    if (summary !== undefined && ack !== undefined) return [summary, ack];
  }
  return [];
}
