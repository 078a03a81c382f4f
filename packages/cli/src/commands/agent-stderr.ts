import type { Readable } from 'node:stream';

/** The longest line of the agent's standard error kept whole; a longer one is passed on in pieces of this size. */
const MAX_LINE_CHARS = 16 * 1024;

/**
 * Passes the agent's standard error on line by line, so that `write` (the
 * terminal gate) sees whole lines: an escape sequence split across two
 * reads is neutralised as one. Memory is bounded by {@link MAX_LINE_CHARS}.
 */
export function forwardLines(stream: Readable, write: (line: string) => void): void {
  const state = { pending: '' };
  const decoder = new TextDecoder();
  const take = (text: string) => {
    state.pending += text;
    for (let end = state.pending.indexOf('\n'); end >= 0; end = state.pending.indexOf('\n')) {
      write(state.pending.slice(0, end));
      state.pending = state.pending.slice(end + 1);
    }
    while (state.pending.length > MAX_LINE_CHARS) {
      write(state.pending.slice(0, MAX_LINE_CHARS));
      state.pending = state.pending.slice(MAX_LINE_CHARS);
    }
  };
  stream.on('data', (chunk: Uint8Array) => take(decoder.decode(chunk, { stream: true })));
  stream.on('end', () => {
    take(decoder.decode());
    if (state.pending !== '') write(state.pending);
    state.pending = '';
  });
}
