/**
 * Rollouts written before the envelope (mid-2025; recorded 0.29.0,
 * fixtures/codex-log/recorded/0.29.0/): a bare meta object `{id, timestamp,
 * instructions}`, then bare response items and `record_type` lines, and no
 * `event_msg` at all. The prompt is therefore only a user-role `message`
 * item, beside the context Codex sends the model in the same form.
 */

/** The context messages Codex 0.2x sends as user-role messages: the environment, and AGENTS.md. */
const CONTEXT_TAGS = ['environment_context', 'user_instructions'] as const;

/** What one user-role message of a bare rollout is: Codex's context (with the working folder it names, if any), or the prompt. */
export type BareUserMessage = { kind: 'context'; cwd: string | undefined } | { kind: 'prompt'; text: string };

/** Reads a user-role message of a bare rollout: a context block Codex wrote, or what the user typed. */
export function bareUserMessage(text: string): BareUserMessage {
  const opening = text.trimStart();
  if (!CONTEXT_TAGS.some((tag) => opening.startsWith(`<${tag}>`))) return { kind: 'prompt', text };
  const cwd = /<cwd>([^<\n]+)<\/cwd>/.exec(opening)?.[1]?.trim();
  return { kind: 'context', cwd: cwd === '' ? undefined : cwd };
}

/** Whether a rollout line is the bare meta object that opens a file written before the envelope. */
export function isBareMeta(line: Record<string, unknown>): boolean {
  return line.type === undefined && line.payload === undefined && typeof line.id === 'string' && typeof line.timestamp === 'string';
}
