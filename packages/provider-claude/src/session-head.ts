import { numberField, objectField, ownField, stringField, toOneLine } from '@x/core/provider-utils';
import { userTextEvent, userTextOf } from './user-prompt.js';
import { isSyntheticTurn } from './log-assistant.js';

/** What the lines of a Claude transcript read so far tell a listing. */
export interface ClaudeHead {
  id?: string;
  startedAt?: string;
  cwd?: string;
  gitBranch?: string;
  title?: string;
  /** The first prompt of the main conversation. */
  firstPrompt?: string;
  /**
   * The first prompt of a sidechain: the title of a subagent's own file, which
   * has none of the main conversation. 0.2.114 writes a subagent's chain into
   * the session's file before the conversation that started it, so a main
   * prompt, when there is one, comes first.
   */
  sidechainPrompt?: string;
  /** The first message is a sidechain's (`isSidechain`): a subagent transcript that carries its parent's session id. */
  sidechain?: boolean;
  prompts: number;
  /** Whether a user or assistant line was seen: a log with no prompt but some output is one turn. */
  shown: boolean;
  /** Usage counted once per assistant message id. */
  usage: Map<string, number>;
}

/** A head at the start of a transcript. */
export function createClaudeHead(): ClaudeHead {
  return { prompts: 0, shown: false, usage: new Map() };
}

/** How long a listing's title or first prompt may be. */
const TITLE_MAX_CHARS = 200;

/**
 * The text of a typed prompt, or `undefined` for anything else a `user` line
 * holds, by the log source's own rules (log-user.ts): text the CLI injected
 * (`isMeta`) and a compaction summary are not typed, and `userTextEvent`
 * tells a prompt from a slash command, its output and an interruption.
 */
export function typedPromptOf(line: Record<string, unknown>): string | undefined {
  if (ownField(line, 'isMeta') === true || ownField(line, 'isCompactSummary') === true) return undefined;
  const text = userTextOf(ownField(objectField(line, 'message'), 'content'));
  const event = text === undefined ? undefined : userTextEvent(text);
  return event?.kind === 'prompt' && event.form === 'prompt' ? event.text : undefined;
}

/** The title a `custom-title`, `ai-title` or `summary` line sets. */
export function titleOf(line: Record<string, unknown>): string | undefined {
  switch (ownField(line, 'type')) {
    case 'custom-title':
      return stringField(line, 'customTitle') || stringField(line, 'title') || undefined;
    case 'ai-title':
      return stringField(line, 'aiTitle') || undefined;
    case 'summary':
      return stringField(line, 'summary') || undefined;
    default:
      return undefined;
  }
}

const USAGE_FIELDS = ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens'];

function usageTotal(usage: unknown): number {
  return USAGE_FIELDS.reduce((sum, key) => sum + (numberField(usage, key) ?? 0), 0);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

/** Folds one transcript line into the head. */
export function visitClaudeLine(head: ClaudeHead, line: Record<string, unknown>): void {
  const title = titleOf(line);
  if (title !== undefined) head.title ??= title;
  const type = ownField(line, 'type');
  if (type !== 'user' && type !== 'assistant') return;
  const sidechain = ownField(line, 'isSidechain') === true;
  head.sidechain ??= sidechain;
  head.id ??= nonEmpty(stringField(line, 'sessionId'));
  head.startedAt ??= nonEmpty(stringField(line, 'timestamp'));
  head.cwd ??= nonEmpty(stringField(line, 'cwd'));
  head.gitBranch ??= nonEmpty(stringField(line, 'gitBranch'));
  head.shown = true;
  if (type === 'user') {
    const prompt = typedPromptOf(line)?.trim();
    if (prompt === undefined || prompt === '') return;
    // A subagent's prompt (a sidechain line) titles its own file but is the input of a call, no turn.
    if (sidechain) head.sidechainPrompt ??= nonEmpty(toOneLine(prompt, TITLE_MAX_CHARS));
    else {
      head.prompts += 1;
      head.firstPrompt ??= nonEmpty(toOneLine(prompt, TITLE_MAX_CHARS));
    }
  } else if (!isSyntheticTurn(line)) {
    const message = objectField(line, 'message');
    const key = nonEmpty(stringField(message, 'id')) ?? nonEmpty(stringField(line, 'requestId')) ?? stringField(line, 'uuid') ?? '';
    head.usage.set(key, usageTotal(ownField(message, 'usage')));
  }
}
