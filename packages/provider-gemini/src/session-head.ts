import { compactKey, isJsonObject, numberField, objectField, ownField, stringField, toOneLine } from '@x/core/provider-utils';
import { compressionIds } from './compression.js';
import { legacySubagentMessages } from './legacy-subagent.js';
import { userRecordText } from './user-record.js';

/** What the records of a Gemini chat recording read so far tell a listing. */
export interface GeminiHead {
  meta: Record<string, unknown>;
  /** Message ids in first-seen order with their latest copy; rewinds cut the list. */
  messages: Map<string, Record<string, unknown>>;
  /**
   * The ids of the prompts seen anywhere in the file, the first one's text
   * kept: the log source shows a message as the file goes, so a prompt a
   * later rewind or checkpoint drops (0.61 drops one whose request failed,
   * recorded: fixtures/gemini-log/recorded/0.61.0/api-error-400) was shown
   * and is counted.
   */
  prompts: Set<string>;
  firstPrompt: string | undefined;
  /** Whether a message the log source shows (any but the injected context) was seen. */
  shown: boolean;
  /** A resumed run's metadata line was read, and no new message since: its message lists restore the history (log-state.ts). */
  resuming: boolean;
}

/** A head at the start of a recording. */
export function createGeminiHead(): GeminiHead {
  return { meta: {}, messages: new Map(), prompts: new Set(), firstPrompt: undefined, shown: false, resuming: false };
}

/** How long a listing's title or first prompt may be. */
const TITLE_MAX_CHARS = 200;

/**
 * Counts a message record as the log source would show it (docs/turns.md), by its rule for user records
 * (user-record.ts): a subagent's task or reminder in a ≤0.38 document (`nested`, legacy-subagent.ts) is no prompt.
 */
function seeMessage(head: GeminiHead, id: string, record: Record<string, unknown>, nested = false): void {
  const user = record.type === 'user' ? userRecordText(record) : undefined;
  if (user?.kind !== 'context') head.shown = true;
  if (user?.kind !== 'typed' || user.text === '' || nested) return;
  head.prompts.add(id);
  head.firstPrompt ??= user.text;
}

function asObject(value: unknown): Record<string, unknown> {
  return isJsonObject(value) ? value : {};
}

/** `$set`: metadata merged; `messages` replaces the list, except while a resumed run restores the history. */
function applySet(head: GeminiHead, set: Record<string, unknown>): void {
  const { messages, ...meta } = set;
  Object.assign(head.meta, meta);
  if (!Array.isArray(messages)) return;
  if (!head.resuming) head.messages.clear();
  // A compression's summary and the CLI's answer to it are no turn (compression.ts).
  const compression = compressionIds(messages);
  // A resumed run restores the history without the token counts (0.51): the copies already read are kept.
  for (const m of messages) {
    const id = String(asObject(m).id);
    if (!compression.includes(id) && (!head.resuming || !head.messages.has(id))) applyGeminiRecord(head, asObject(m));
  }
}

/** `$rewindTo`: that message and every later one are deleted (every message when the id is unknown). */
function applyRewind(head: GeminiHead, id: string): void {
  const ids = [...head.messages.keys()];
  const at = ids.indexOf(id);
  for (const key of at === -1 ? ids : ids.slice(at)) head.messages.delete(key);
}

/** Folds one record (a message, a `$set`, a `$rewindTo`, or the metadata line) into the head; `nested`: a subagent's message. */
export function applyGeminiRecord(head: GeminiHead, record: Record<string, unknown>, nested = false): void {
  const set = objectField(record, '$set');
  if (set) applySet(head, set);
  else if (typeof record.$rewindTo === 'string') applyRewind(head, record.$rewindTo);
  else if (typeof record.id === 'string' && typeof record.type === 'string') {
    if (!head.messages.has(record.id)) head.resuming = false;
    head.messages.set(record.id, record);
    seeMessage(head, record.id, record, nested);
  } else if (typeof record.sessionId === 'string') {
    // Another metadata line: a resumed run appends to the log (fixtures/gemini-log/recorded/0.51.0/resumed); its startTime is the run's.
    if (typeof head.meta.sessionId === 'string') head.resuming = true;
    else Object.assign(head.meta, record);
  }
}

/** Reads a legacy recording, one JSON document with its messages inside. */
export function applyGeminiDocument(head: GeminiHead, document: Record<string, unknown>): void {
  const { messages, ...meta } = document;
  head.meta = meta;
  if (!Array.isArray(messages)) return;
  const subagents = legacySubagentMessages(messages);
  for (const m of messages) {
    const record = asObject(m);
    applyGeminiRecord(head, record, typeof record.id === 'string' && subagents.has(compactKey(record.id)));
  }
}

/** The listing's title: the recording's summary, else its first prompt, on one line. */
export function geminiTitle(head: GeminiHead): string | undefined {
  const text = stringField(head.meta, 'summary') || head.firstPrompt;
  return (text && toOneLine(text, TITLE_MAX_CHARS)) || undefined;
}

/** The tokens of the messages left after rewinds. */
export function geminiTokens(head: GeminiHead): number {
  return [...head.messages.values()].reduce((sum, m) => sum + (numberField(ownField(m, 'tokens'), 'total') ?? 0), 0);
}
