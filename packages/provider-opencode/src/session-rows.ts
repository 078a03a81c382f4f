import { countTurns, type SessionRow } from '@x/core';
import { isJsonObject, numberField, objectField, ownField, parseJson, stringField, toIsoDate, toOneLine } from '@x/core/provider-utils';

/** How long a listing's title may be. */
const TITLE_MAX_CHARS = 200;

/** A line of JSON as an object, or `undefined`. */
export function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text)?.value;
  return isJsonObject(value) ? value : undefined;
}

function tokensOf(message: unknown): number {
  const tokens = objectField(message, 'tokens');
  const cache = objectField(tokens, 'cache');
  return ['input', 'output', 'reasoning'].reduce((sum, key) => sum + (numberField(tokens, key) ?? 0), 0) + (numberField(cache, 'read') ?? 0) + (numberField(cache, 'write') ?? 0);
}

/** The row fields an OpenCode `Session` object gives. */
export function sessionRowOf(session: Record<string, unknown>, path: string, storage: string, size: number): SessionRow {
  const time = objectField(session, 'time');
  const created = toIsoDate(numberField(time, 'created'));
  const row: SessionRow = {
    agent: 'opencode',
    id: stringField(session, 'id') ?? '',
    storage,
    path,
    // An out-of-range time costs that field only, never the listing.
    updatedAt: toIsoDate(numberField(time, 'updated')) ?? created ?? new Date(0).toISOString(),
    size,
  };
  if (created !== undefined) row.startedAt = created;
  const directory = stringField(session, 'directory');
  if (directory) row.project = directory;
  const title = toOneLine(stringField(session, 'title') ?? '', TITLE_MAX_CHARS);
  if (title) row.title = title;
  const parent = stringField(session, 'parentID');
  if (parent) row.parentId = parent;
  return row;
}

/**
 * Whether a user message is a prompt the person typed, by the rule of the
 * log source (log-messages.ts `userMessage`): it has a text part OpenCode
 * did not write itself (`synthetic`, such as the note after a compaction)
 * nor mark `ignored`. A compaction is a user message of its own with no such
 * part (recorded: fixtures/opencode-log/recorded/1.18.33/api-error-400).
 */
function isPrompt(parts: readonly unknown[]): boolean {
  return parts.some(
    (part) => ownField(part, 'type') === 'text' && ownField(part, 'synthetic') !== true && ownField(part, 'ignored') !== true && (stringField(part, 'text') ?? '').trim() !== '',
  );
}

/**
 * A message whose `tokens` and `cost` are the sums of its step-finish parts' (none when it has no such part),
 * as the log source counts usage: for 0.x, whose message keeps only its last step's (docs/formats/opencode.md, L11).
 */
export function withStepUsage(message: unknown, parts: readonly unknown[]): unknown {
  if (!isJsonObject(message)) return message;
  const steps = parts.filter((part) => ownField(part, 'type') === 'step-finish');
  const total = steps.reduce<number>((sum, step) => sum + tokensOf(step), 0);
  const cost = steps.reduce<number>((sum, step) => sum + (numberField(step, 'cost') ?? 0), 0);
  const { tokens: _, cost: __, ...rest } = message;
  // `tokensOf` adds a message's token fields up: the steps' total is carried whole in one of them.
  return { ...rest, ...(total > 0 ? { tokens: { input: total } } : {}), ...(cost > 0 ? { cost } : {}) };
}

/** Adds turns, tokens and cost over a session's message objects; `partsOf` gives a user message's parts. */
export function addTotals(row: SessionRow, messages: readonly unknown[], partsOf: (messageId: string) => readonly unknown[]): void {
  let prompts = 0;
  let tokens = 0;
  let cost = 0;
  for (const message of messages) {
    if (ownField(message, 'role') === 'user') prompts += isPrompt(partsOf(stringField(message, 'id') ?? '')) ? 1 : 0;
    else {
      tokens += tokensOf(message);
      cost += numberField(message, 'cost') ?? 0;
    }
  }
  row.turns = countTurns(prompts, messages.length > 0);
  if (tokens > 0) row.tokens = tokens;
  if (cost > 0) row.costUsd = cost;
}

/** The session row of OpenCode's database in the shape of its `Session` object. */
export function sessionFromRow(row: Record<string, unknown>): Record<string, unknown> {
  const session: Record<string, unknown> = {
    id: row.id,
    projectID: row.project_id,
    directory: row.directory,
    title: row.title,
    version: row.version,
    time: { created: row.time_created, updated: row.time_updated },
  };
  if (row.parent_id !== null && row.parent_id !== undefined) session.parentID = row.parent_id;
  if (typeof row.slug === 'string') session.slug = row.slug;
  return session;
}
