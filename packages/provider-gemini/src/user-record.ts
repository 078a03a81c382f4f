import { ownField } from '@x/core/provider-utils';
import { partsText } from './log-messages.js';

/**
 * The context Gemini CLI 0.61 records as the first user message of a chat
 * (date, system, folders; recorded: fixtures/gemini-log/recorded/0.61.0/): no
 * prompt of the user's.
 */
const SESSION_CONTEXT = '<session_context>';

/**
 * What the CLI itself sends as a `user` message when the model's reply
 * stopped short and its next-speaker check says the model should go on
 * (recorded: fixtures/gemini-log/recorded/0.38.2/interrupted, with the
 * first prompt as its `displayContent`): the CLI speaking, not the person,
 * so it starts no turn.
 */
const CLI_CONTINUE = 'System: Please continue.';

/**
 * What the CLI sends a subagent that stopped without calling `complete_task`
 * (or ran out of turns or time): `<why> You have one final chance to
 * complete the task with a short grace period. You MUST call
 * \`complete_task\` …` (agents' grace-period message, 0.20 to 0.61;
 * recorded: fixtures/gemini-log/recorded/0.45.2/subagent, the subagent's
 * file). The CLI speaking, not the person: it starts no turn.
 */
const GRACE_PERIOD = / You have one final chance to complete the task with a short grace period\./;

/**
 * What a `user` record is, by one rule for the log source and the session
 * listing: the injected context (not shown), the CLI's request to go on, its
 * last call to a subagent to finish (`grace`, with the reason it gives), or
 * what the person typed (`text`, perhaps empty, which shows nothing).
 */
export type UserRecordText = { kind: 'context' } | { kind: 'continue'; text: string } | { kind: 'grace'; reason: string } | { kind: 'typed'; text: string };

/** Reads a `user` record by {@link UserRecordText}'s rule. */
export function userRecordText(record: unknown): UserRecordText {
  const text = partsText(ownField(record, 'displayContent') ?? ownField(record, 'content')).trimEnd();
  if (text.startsWith(SESSION_CONTEXT)) return { kind: 'context' };
  // 0.38.2 gives this message the first prompt as its displayContent: what was sent decides.
  if (partsText(ownField(record, 'content')).trimEnd() === CLI_CONTINUE) return { kind: 'continue', text };
  const grace = GRACE_PERIOD.exec(text);
  if (grace !== null) return { kind: 'grace', reason: text.slice(0, grace.index).trim() };
  return { kind: 'typed', text };
}
