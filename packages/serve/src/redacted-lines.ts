import { DEFAULT_MAX_LINE_BYTES } from '@x/core';
import { redactSecrets } from '@x/sessions';

/** What stands for a line too long to be redacted whole: it is left out, never passed on in pieces. */
export const LONG_LINE_MARKER = '[REDACTED:long-line]';

const LF = 0x0a;

/** The line being gathered: its pieces (copied, so the reader may reuse its buffers) or, past the limit, only that it was too long. */
interface LineState {
  pieces: Uint8Array[];
  bytes: number;
  tooLong: boolean;
}

function hold(state: LineState, piece: Uint8Array, maxLineBytes: number): void {
  if (state.tooLong) return;
  state.bytes += piece.length;
  if (state.bytes > maxLineBytes) {
    state.tooLong = true;
    state.pieces = [];
  } else if (piece.length > 0) {
    state.pieces.push(piece.slice());
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the JSON string opened at `open` closes, past its escapes; -1 when the line ends first. */
function stringEnd(line: string, open: number): number {
  for (let i = open + 1; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === BACKSLASH) i += 1;
    else if (code === QUOTE) return i;
  }
  return -1;
}

/** A JSON string literal with its text redacted, written again only when redaction changed it (the log's bytes otherwise). */
function redactLiteral(literal: string): string {
  let text: unknown;
  try {
    text = JSON.parse(literal);
  } catch {
    return literal;
  }
  if (typeof text !== 'string') return literal;
  const redacted = redactSecrets(text);
  return redacted === text ? literal : JSON.stringify(redacted);
}

/**
 * A log's line redacted. The rules read text, and a log's line is JSON, whose
 * strings escape what they hold: a line of a tool's output starts after `\n`,
 * so `\nAPI_KEY=…` or `\nghp_…` has a letter before the name or token, and
 * `\u0073k-…` or `\/` spell a key differently. So the line is redacted as it
 * stands (for a secret the JSON itself spells, `"password": "…"`), then each
 * string literal in it, decoded, in one pass: a string that never closes (a
 * cut line) ends the pass, so no part of the line is read twice.
 */
function redactLine(line: string): string {
  const whole = redactSecrets(line);
  let out = '';
  let copied = 0;
  for (let open = whole.indexOf('"'); open >= 0; open = whole.indexOf('"', copied)) {
    const close = stringEnd(whole, open);
    if (close < 0) break;
    out += whole.slice(copied, open) + redactLiteral(whole.slice(open, close + 1));
    copied = close + 1;
  }
  return out + whole.slice(copied);
}

function finish(state: LineState, decoder: TextDecoder): string {
  const line = state.tooLong ? LONG_LINE_MARKER : redactLine(decoder.decode(Buffer.concat(state.pieces)));
  Object.assign(state, { pieces: [], bytes: 0, tooLong: false });
  return line;
}

/**
 * A log's bytes as redacted lines, each with the LF it ended with (a last
 * line without one keeps none). A line is redacted whole, so it is held
 * whole, but only up to `maxLineBytes` (the pipeline's line limit): a longer
 * one is left out as {@link LONG_LINE_MARKER}, so a log of one huge line
 * costs no more memory than the limit (Node's readline would gather it into
 * one string and, past V8's longest string, throw where nothing catches it).
 * Not core's line splitter: the download gives back the log's bytes, and the
 * splitter drops each line's CR, a leading BOM and blank lines.
 */
export async function* redactedLines(bytes: AsyncIterable<Uint8Array>, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<string> {
  const state: LineState = { pieces: [], bytes: 0, tooLong: false };
  const decoder = new TextDecoder();
  for await (const chunk of bytes) {
    let start = 0;
    for (let lf = chunk.indexOf(LF); lf >= 0; lf = chunk.indexOf(LF, start)) {
      hold(state, chunk.subarray(start, lf), maxLineBytes);
      yield `${finish(state, decoder)}\n`;
      start = lf + 1;
    }
    hold(state, chunk.subarray(start), maxLineBytes);
  }
  if (state.bytes > 0) yield finish(state, decoder);
}
