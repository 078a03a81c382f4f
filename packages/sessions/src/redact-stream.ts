import type { DisplayEvent } from '@x/core';
import { redactSecrets, redactValue } from './redact.js';
import { cutPreview, type PreviewState, quotedPreviews } from './redact-preview.js';

/**
 * The most text held back for one streamed block. A line, or an unfinished
 * PEM block, longer than this is redacted as it stands and released, so a
 * secret cut at that point may get through; real keys and PEM blocks are far
 * shorter (an RSA-4096 private key is about 3.3 KiB).
 */
export const REDACT_HELD_MAX_CHARS = 64 * 1024;

type StreamedText = Extract<DisplayEvent, { kind: 'text' | 'reasoning' }>;

/** The block whose unfinished line is held back: its last event (for its fields) and the text not yet released. */
interface HeldBlock {
  last: StreamedText;
  text: string;
}

/** State of one redacted event stream: at most one held block, as the stream's text events are increments of one block at a time, and the previews redaction changed. */
interface StreamState {
  held: HeldBlock | undefined;
  previews: PreviewState;
}

const PEM_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;

/** Whether a whole END line lies between `begin` and `cut`: a cut one ("-----END RSA PRIV"), or one past the cut, leaves the block unfinished. */
function endsBefore(text: string, begin: number, cut: number): boolean {
  PEM_END.lastIndex = begin;
  const end = PEM_END.exec(text);
  return end !== null && end.index + end[0].length <= cut;
}

/**
 * Where the text that may still become part of a secret starts: the last line
 * (rules match within a line), or an unterminated PEM private key block,
 * which spans lines.
 */
function holdFrom(text: string): number {
  let from = text.lastIndexOf('\n') + 1;
  for (const begin of text.matchAll(PEM_BEGIN)) {
    if (begin.index < from && !endsBefore(text, begin.index, from)) {
      from = begin.index;
      break;
    }
  }
  return text.length - from > REDACT_HELD_MAX_CHARS ? text.length : from;
}

function redactEvent(state: StreamState, event: DisplayEvent): DisplayEvent {
  if (event.kind === 'tool-use' || (event.kind === 'tool-result' && event.arg !== undefined)) return cutPreview(state.previews, event);
  return redactValue(event.kind === 'notice' ? quotedPreviews(state.previews, event) : event);
}

function sameBlock(held: HeldBlock, event: StreamedText): boolean {
  return held.last.kind === event.kind && held.last.id === event.id && held.last.parentToolUseId === event.parentToolUseId;
}

function released(state: StreamState): DisplayEvent[] {
  const held = state.held;
  state.held = undefined;
  if (held === undefined || held.text === '') return [];
  return [withText(held.last, held.text)];
}

/** The event with its other fields redacted and `text` in place of its own, redacted. */
function withText(event: StreamedText, text: string): StreamedText {
  return { ...redactValue({ ...event, text: '' }), text: redactSecrets(text) };
}

function writeText(state: StreamState, event: StreamedText): DisplayEvent[] {
  const out = state.held && !sameBlock(state.held, event) ? released(state) : [];
  const text = (state.held?.text ?? '') + event.text;
  const cut = holdFrom(text);
  state.held = { last: event, text: text.slice(cut) };
  // An event is written only with text to show: an increment that is all held back shows nothing yet.
  if (cut > 0) out.push(withText(event, text.slice(0, cut)));
  return out;
}

/** Redacts one stream of display events, in order; see {@link createRedactingStream}. */
export interface RedactingStream {
  /** The events to pass on for this one, redacted: none, one, or the held text of an earlier block and then this one. */
  write(event: DisplayEvent): DisplayEvent[];
  /** The text still held back, redacted: call at the end of the stream. */
  end(): DisplayEvent[];
  /** Whether text is held back now: what was written so far is not all shown yet. */
  readonly holding: boolean;
}

/**
 * Redacts a stream of display events with {@link redactSecrets}. Text and
 * reasoning arrive as increments, and a secret may be cut across two of them
 * (`"sk-proj-Xf3k"`, `"L9qP…"`), which redacting each alone lets through; so
 * the last, unfinished line of a block is held back until it ends (a newline,
 * another block or event, or the end of the stream) and redacted whole. An
 * unfinished PEM private key is held until its END line. At most
 * {@link REDACT_HELD_MAX_CHARS} characters are held. Every other event is
 * redacted with {@link redactValue}, and a tool call's cut preview (of its
 * start or of its result) shows no part of a secret taken out of its input,
 * nor does a notice that quotes it. The text shown is the same; only where
 * the increments are cut changes.
 */
export function createRedactingStream(): RedactingStream {
  const state: StreamState = { held: undefined, previews: { changed: new Map() } };
  return {
    write: (event) => (event.kind === 'text' || event.kind === 'reasoning' ? writeText(state, event) : [...released(state), redactEvent(state, event)]),
    end: () => released(state),
    get holding() {
      return state.held !== undefined && state.held.text !== '';
    },
  };
}
