import { ownField, stringField } from '@x/core/provider-utils';
import { partsText } from './log-messages.js';

/**
 * What Gemini CLI answers itself after the summary that replaces a compressed
 * history (0.61's chat compression: the history becomes the summary as a
 * `user` message and this `gemini` message, then what it kept; recorded:
 * fixtures/gemini-log/recorded/0.61.0/compaction).
 */
const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';

/**
 * The ids of a compression's summary and the CLI's acknowledgement of it in a
 * message list (`$set.messages`): the CLI's own exchange, neither a prompt nor
 * an answer, and the sign that the list replaced a compressed history. The
 * summary's id first; empty when the list holds no compression.
 */
export function compressionIds(messages: readonly unknown[]): string[] {
  const ids: string[] = [];
  messages.forEach((message, index) => {
    const before = messages[index - 1];
    if (ownField(message, 'type') !== 'gemini' || ownField(before, 'type') !== 'user') return;
    if (partsText(ownField(message, 'content')).trim() !== COMPRESSION_ACK) return;
    const summary = stringField(before, 'id');
    const ack = stringField(message, 'id');
    if (summary !== undefined && ack !== undefined) ids.push(summary, ack);
  });
  return ids;
}
