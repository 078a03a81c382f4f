import { createToolCallTracker, type ToolCallTracker } from '@x/core/provider-utils';
import { gooseToolAliases } from './tool-names.js';

/** Where text and reasoning go: the message they belong to, and whether something else was shown since. */
interface TextBlock {
  messageId: string;
  segment: number;
  interrupted: boolean;
}

/** Everything a goose parser knows between two lines of one stream. */
export interface GooseState {
  /** Announces each call once and joins its result on the id. */
  tracker: ToolCallTracker;
  /**
   * Calls whose toolCall goose could not read: it answers them with an error
   * response, which adds nothing to the error already shown.
   */
  unreadable: Set<string>;
  /** How many messages without an id have been given one. */
  anonymousMessages: number;
  /** Whether the run's end (`complete`, `error` or the stream's end) has been shown. */
  ended: boolean;
  /**
   * Chunks of one streamed reply share the message id and continue one block,
   * until anything else is shown; text of the same message after that (after
   * a tool call, say) is a new block.
   */
  block: TextBlock | undefined;
}

/** A parser's state before the first line. */
export function createGooseState(): GooseState {
  return {
    tracker: createToolCallTracker({ aliases: gooseToolAliases }),
    unreadable: new Set(),
    anonymousMessages: 0,
    ended: false,
    block: undefined,
  };
}

/** The block id of text or reasoning of message `messageId`: the message id, then `<id>-1`, `<id>-2`... after interruptions. */
export function blockId(state: GooseState, messageId: string): string {
  let { block } = state;
  if (block === undefined || block.messageId !== messageId) block = { messageId, segment: 0, interrupted: false };
  else if (block.interrupted) block = { messageId, segment: block.segment + 1, interrupted: false };
  state.block = block;
  return block.segment === 0 ? messageId : `${messageId}-${block.segment}`;
}

/** Something other than text was shown: the next text of the same message starts a new block. */
export function interrupt(state: GooseState): void {
  if (state.block !== undefined) state.block.interrupted = true;
}
