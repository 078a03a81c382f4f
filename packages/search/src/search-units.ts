import type { DisplayEvent } from '@x/core';
import { redactSecrets } from '@x/sessions';
import { type EventField, eventFields } from './event-fields.js';

/** What the index keys as one document: the fields of one event, or of one message's increments joined. */
export interface SearchUnit {
  /** The index of the unit's first event in the stream. */
  eventIndex: number;
  fields: EventField[];
}

/**
 * Characters of increments joined into one unit; a longer message continues
 * in a new unit, so memory stays bounded whatever a log holds.
 */
const MAX_JOINED = 1 << 20;

/** A message being joined: its first event, its kind and id, and its increments. */
interface Pending {
  eventIndex: number;
  kind: 'text' | 'reasoning';
  id: string;
  parts: string[];
  length: number;
}

/**
 * The search units of a session's events. Text and reasoning arrive in
 * increments (a streamed message is one event per delta): consecutive
 * increments of one message are joined, so a word cut across two is still
 * one word, and the unit takes its first increment's index. Redaction
 * applies to the joined text, so a secret cut across increments is caught.
 */
export async function* searchUnits(events: AsyncIterable<DisplayEvent>, redact: boolean): AsyncGenerator<SearchUnit> {
  let pending: Pending | undefined;
  let index = 0;
  for await (const event of events) {
    const eventIndex = index++;
    if ((event.kind === 'text' || event.kind === 'reasoning') && pending?.kind === event.kind && pending.id === event.id && pending.length < MAX_JOINED) {
      pending.parts.push(event.text);
      pending.length += event.text.length;
      continue;
    }
    if (pending) yield joined(pending, redact);
    pending = undefined;
    if (event.kind === 'text' || event.kind === 'reasoning')
      pending = { eventIndex, kind: event.kind, id: event.id, parts: [event.text], length: event.text.length };
    else {
      const fields = eventFields(event);
      if (fields.length > 0) yield { eventIndex, fields: redact ? fields.map(redacted) : fields };
    }
  }
  if (pending) yield joined(pending, redact);
}

function joined(pending: Pending, redact: boolean): SearchUnit {
  const text = pending.parts.join('');
  const code = pending.kind === 'text' ? 1 : 2;
  return { eventIndex: pending.eventIndex, fields: text.length > 0 ? [{ code, text: redact ? redactSecrets(text) : text }] : [] };
}

function redacted(field: EventField): EventField {
  return { code: field.code, text: redactSecrets(field.text) };
}
