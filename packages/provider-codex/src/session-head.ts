import { arrayField, objectField, ownField, stringField, toOneLine } from '@x/core/provider-utils';
import { bareUserMessage, isBareMeta } from './bare-rollout.js';
import { createRolloutUsage, nextSessionTotal, type RolloutUsage } from './log-usage.js';

/** What the lines of a Codex rollout read so far tell a listing. */
export interface CodexHead {
  id?: string;
  startedAt?: string;
  cwd?: string;
  gitBranch?: string;
  firstPrompt?: string;
  prompts: number;
  /** The turn id of the last prompt counted: 0.17x writes a prompt twice in one turn. */
  promptTurn?: string;
  /** Whether a response item was seen: a log with no prompt but some output is one turn. */
  shown: boolean;
  tokens?: number;
  /** The counts read so far, which a resumed 0.55 or 0.63 run starts over (log-usage.ts). */
  usage?: RolloutUsage;
}

/** How long a listing's first prompt may be. */
const TITLE_MAX_CHARS = 200;

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

/*
 * A prompt as the log source reads one (log-events.ts `userMessage`,
 * `itemCompleted`, `prompt`), so that a row counts the turns `xview show`
 * counts (docs/turns.md): a `user_message` event, or the `UserMessage` copy
 * of `item_completed` that 0.171 writes instead, not blank, once per `turn_id`.
 */
function visitPrompt(head: CodexHead, text: string, turnId: string | undefined): void {
  if (text.trim() === '' || (turnId !== undefined && turnId === head.promptTurn)) return;
  head.promptTurn = turnId;
  head.prompts += 1;
  head.firstPrompt ??= nonEmpty(toOneLine(text, TITLE_MAX_CHARS));
}

function promptOf(payload: unknown, type: unknown): string | undefined {
  if (type === 'user_message') {
    const images = arrayField(payload, 'images')?.length ?? 0;
    return [stringField(payload, 'message') ?? '', ...Array.from({ length: images }, () => '[image]')].filter((part) => part !== '').join('\n');
  }
  const item = objectField(payload, 'item');
  if (type !== 'item_completed' || ownField(item, 'type') !== 'UserMessage') return undefined;
  const content = arrayField(item, 'content');
  return content === undefined ? '' : content.map((part) => stringField(part, 'text') ?? '').join('');
}

function visitMeta(head: CodexHead, line: Record<string, unknown>, payload: unknown): void {
  // A forked or resumed file holds more than one meta line; the first is this file's.
  if (head.id !== undefined) return;
  head.id = nonEmpty(stringField(payload, 'id'));
  head.startedAt = nonEmpty(stringField(payload, 'timestamp')) ?? nonEmpty(stringField(line, 'timestamp'));
  head.cwd = nonEmpty(stringField(payload, 'cwd'));
  head.gitBranch = nonEmpty(stringField(objectField(payload, 'git'), 'branch'));
}

/**
 * A line of a rollout written before the envelope (bare-rollout.ts, recorded
 * 0.29.0): the meta object, a user-role message (Codex's context, which names
 * the working folder, or the prompt), a `record_type` line, or an item.
 */
function visitBareLine(head: CodexHead, line: Record<string, unknown>): void {
  if (isBareMeta(line)) return visitMeta(head, line, line);
  if (line.type === undefined) return;
  if (line.type !== 'message' || line.role !== 'user') {
    head.shown = true;
    return;
  }
  const text = (arrayField(line, 'content') ?? []).map((part) => stringField(part, 'text') ?? '').join('');
  const message = bareUserMessage(text);
  if (message.kind === 'context') head.cwd ??= message.cwd;
  else visitPrompt(head, message.text, undefined);
}

/** Folds one rollout line into the head. */
export function visitCodexLine(head: CodexHead, line: Record<string, unknown>): void {
  const payload = ownField(line, 'payload');
  if (payload === undefined) return visitBareLine(head, line);
  const type = ownField(payload, 'type');
  const prompt = line.type === 'event_msg' ? promptOf(payload, type) : undefined;
  if (line.type === 'session_meta') visitMeta(head, line, payload);
  else if (line.type === 'response_item') head.shown = true;
  else if (prompt !== undefined) visitPrompt(head, prompt, nonEmpty(stringField(payload, 'turn_id')));
  else if (line.type === 'event_msg' && type === 'token_count') {
    head.usage ??= createRolloutUsage();
    head.tokens = nextSessionTotal(head.usage, objectField(payload, 'info'))?.total_tokens ?? head.tokens;
  }
}
