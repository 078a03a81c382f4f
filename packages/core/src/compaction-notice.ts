import type { NoticeDisplayEvent } from './display-event.js';

/** What an agent says of one compaction of its conversation, where it says it. */
export interface CompactionDetails {
  /** What started it, in the agent's word (`manual`, `auto`). */
  trigger?: string;
  /** The conversation's size in tokens before the compaction. */
  tokensBefore?: number;
  /** Its size after. */
  tokensAfter?: number;
}

/**
 * The notice a source shows where an agent compacted its conversation (the
 * history replaced by a summary), the same for every agent: code
 * `compaction`, "Conversation compacted", with the details the agent gives,
 * as in "Conversation compacted (auto, 1200 tokens before, 300 after)". The
 * summary itself is the agent's, not shown.
 */
export function compactionNotice(details: CompactionDetails = {}): NoticeDisplayEvent {
  const { trigger, tokensBefore, tokensAfter } = details;
  const parts = [
    trigger,
    tokensBefore === undefined ? undefined : `${tokensBefore} tokens before`,
    tokensAfter === undefined ? undefined : `${tokensAfter} after`,
  ];
  const said = parts.filter((part): part is string => part !== undefined && part !== '');
  return { kind: 'notice', level: 'info', message: `Conversation compacted${said.length > 0 ? ` (${said.join(', ')})` : ''}`, code: 'compaction' };
}
