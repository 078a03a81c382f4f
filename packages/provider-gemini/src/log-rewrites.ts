import type { DisplayEvent } from '@x/core';
import { compactKey, compactionNotice, isJsonObject, stringField, type JsonObject } from '@x/core/provider-utils';
import { compressionIds } from './compression.js';
import { messageEvents, newShown } from './log-messages.js';
import { MAX_SHOWN, type GeminiLogState } from './log-state.js';

// How the JSONL log's rewrites are read while streaming. The recorder appends
// a message again, same `id`, each time it changes, and only ever changes the
// newest one: so the newest message is held back until a record with another
// id arrives, and shown once in its last state. A change to a message already
// shown comes as its increment, or as a notice that says what cannot be taken back.
// Messages shown are remembered by the compact keys of their ids: up to
// MAX_SHOWN of them, each id from a line of up to 16 MiB.

/** Shows a message record: all of it the first time, what it adds to what was shown later. */
function show(state: GeminiLogState, record: JsonObject, out: DisplayEvent[]): void {
  const id = stringField(record, 'id') ?? '';
  const key = compactKey(id);
  let shown = state.shown.get(key);
  const fresh = shown === undefined;
  shown ??= newShown(stringField(record, 'type') ?? '');
  const { events, changed } = messageEvents(record, shown, state.tracker, state.text, state.subagents.get(key));
  out.push(...events);
  if (changed) {
    out.push({
      kind: 'notice',
      level: 'warning',
      code: 'message-rewritten',
      message: `Message ${id} was rewritten after it was shown; what is shown above is its earlier version`,
    });
  }
  if (!fresh) return;
  state.shown.set(key, shown);
  if (state.shown.size > MAX_SHOWN) forget(state, state.shown.keys().next().value as string);
}

/** Forgets a message shown (by the compact key of its id, which the text assembler takes too): deleted from the session, or the oldest past {@link MAX_SHOWN}. */
function forget(state: GeminiLogState, key: string): void {
  state.shown.delete(key);
  state.text.forget(key);
}

/** Shows the held message, if any. */
export function releaseHeld(state: GeminiLogState, out: DisplayEvent[]): void {
  const held = state.held;
  state.held = undefined;
  if (held !== undefined) show(state, held.record, out);
}

/** One MessageRecord appended: a new message, or a new copy of one (the last copy wins). */
export function appendMessage(state: GeminiLogState, record: JsonObject, bytes: number, out: DisplayEvent[]): void {
  const id = stringField(record, 'id') ?? '';
  if (state.held?.id === id) {
    state.held = { id, record, bytes };
  } else if (state.shown.has(compactKey(id))) {
    // A copy of a message already shown: what it adds is shown, a rewrite is
    // said. The held message comes first, so events keep the file's order.
    releaseHeld(state, out);
    show(state, record, out);
    return;
  } else {
    releaseHeld(state, out);
    state.held = { id, record, bytes };
  }
  if (bytes > state.maxHeld) {
    state.overflowed += 1;
    releaseHeld(state, out);
  }
}

function rewindNotice(count: number, from: string | undefined): DisplayEvent {
  const which = from === undefined ? `all ${count} message(s) shown above` : `${count} message(s) shown above, from ${from} on,`;
  return { kind: 'notice', level: 'warning', code: 'rewind', message: `Rewound: ${which} were deleted from the session` };
}

/** `$rewindTo`: that message and every later one are deleted (every message when the id is unknown). */
export function rewind(state: GeminiLogState, id: string, out: DisplayEvent[]): void {
  const held = state.held;
  state.held = undefined;
  if (held?.id === id) return;
  const from = compactKey(id);
  const known = state.shown.has(from);
  let count = 0;
  let deleting = !known;
  for (const key of [...state.shown.keys()]) {
    if (key === from) deleting = true;
    if (!deleting) continue;
    forget(state, key);
    count += 1;
  }
  if (count > 0) out.push(rewindNotice(count, known ? id : undefined));
}

/** A whole message list (`$set.messages`, or a document's `messages`): it replaces what was there. */
export function checkpoint(state: GeminiLogState, messages: unknown[], bytes: number, out: DisplayEvent[]): void {
  const ids = new Set(messages.map((message) => stringField(message, 'id')));
  const keys = new Set([...ids].flatMap((id) => (id === undefined ? [] : [compactKey(id)])));
  // A held message the list leaves out was still written to the file (0.61
  // drops a prompt whose request failed this way, recorded in
  // fixtures/gemini-log/recorded/0.61.0/api-error-400): it is shown, then told as gone.
  if (state.held !== undefined && !ids.has(state.held.id)) releaseHeld(state, out);
  const compression = compressionIds(messages);
  const gone = state.resuming ? [] : [...state.shown.keys()].filter((key) => !keys.has(key));
  for (const key of gone) forget(state, key);
  const summary = compression[0];
  if (summary !== undefined && compactKey(summary) !== state.lastSummary) {
    // A compression: the messages it replaced are gone by design, and its summary is the CLI's, not shown.
    state.lastSummary = compactKey(summary);
    out.push(compactionNotice());
  } else if (gone.length > 0 && summary === undefined)
    out.push({
      kind: 'notice',
      level: 'warning',
      code: 'checkpoint',
      message: `A checkpoint replaced the message list: ${gone.length} message(s) shown above are no longer in the session`,
    });
  for (const message of messages) {
    const id = isJsonObject(message) ? stringField(message, 'id') : undefined;
    if (id !== undefined && !compression.includes(id)) appendMessage(state, message as JsonObject, bytes, out);
  }
}

/** At the end of the log: the held message, and how many messages had to be shown before their final state. */
export function flushHeld(state: GeminiLogState, out: DisplayEvent[]): void {
  releaseHeld(state, out);
  if (state.overflowed > 0) {
    out.push({
      kind: 'notice',
      level: 'info',
      code: 'held-overflow',
      message: `${state.overflowed} message(s) were larger than the ${state.maxHeld}-byte hold budget and were shown before their final state`,
    });
  }
}
