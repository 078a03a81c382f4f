import { RUN_OUTCOME_MAX_MESSAGE_CHARS } from '@x/core';
import { createBoundedText, type BoundedText } from '@x/core/provider-utils';

/**
 * The text of a turn's latest main-thread message, rebuilt from its blocks
 * (claude.md quirks 4 and 5) and joined the way DisplayOutput joins blocks:
 * a block that does not follow a newline starts on a line of its own.
 */
export interface FinalText {
  messageId: string;
  /** The block the last text came from. */
  blockId: string;
  text: BoundedText;
  /**
   * Whether the text kept ends with a newline. Kept here rather than read
   * from `text`: reading the end of a string built by appending makes V8
   * flatten (copy) it, and doing so for every block of a message of many
   * blocks made the assembly quadratic in its length.
   */
  endsWithNewline: boolean;
  /** Whether anything was kept. */
  empty: boolean;
}

/** An empty {@link FinalText} of message `messageId`. */
export function newFinalText(messageId = ''): FinalText {
  return { messageId, blockId: '', text: createBoundedText(RUN_OUTCOME_MAX_MESSAGE_CHARS), endsWithNewline: false, empty: true };
}

/** Appends `text` of block `blockId`, on a new line when it starts another block; never reads the text kept. */
export function appendFinalText(final: FinalText, blockId: string, text: string): void {
  if (text === '') return;
  const separator = !final.empty && final.blockId !== blockId && !final.endsWithNewline ? '\n' : '';
  final.text.append(separator + text);
  final.blockId = blockId;
  final.empty = false;
  final.endsWithNewline = text.endsWith('\n');
}
