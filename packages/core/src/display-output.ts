import type { DisplayEvent } from './display-event.js';
import { createBoundedText } from './text-assembler.js';

/**
 * Builds a run's `DisplayOutput` as events arrive: the text events of the
 * main agent (not of subagents) concatenated in emission order, a newline between separate text blocks
 * (a change of `id`), and a final newline when there is any text. It is
 * exactly what the terminal renderer's default mode writes to a plain sink.
 */
export interface DisplayOutputBuilder {
  /** The characters this event adds to the output (`""` for all but text). */
  push(event: DisplayEvent): string;
  /** What ends the output: a newline when the text does not end with one. */
  end(): string;
}

/** Creates a {@link DisplayOutputBuilder}. */
export function createDisplayOutputBuilder(): DisplayOutputBuilder {
  let blockId: string | undefined;
  let last = '';
  let any = false;
  return {
    push(event) {
      // A subagent's text is its own work in progress, not the run's answer.
      if (event.kind !== 'text' || event.text === '' || event.parentToolUseId !== undefined) return '';
      const separator = any && event.id !== blockId && last !== '\n' ? '\n' : '';
      blockId = event.id;
      any = true;
      last = event.text[event.text.length - 1] ?? last;
      return separator + event.text;
    },
    end() {
      return any && last !== '\n' ? '\n' : '';
    },
  };
}

/** The longest text {@link collectDisplayOutput} returns by default, in UTF-16 units (64 Mi: 128 MiB). */
export const DISPLAY_OUTPUT_MAX_CHARS = 64 * 1024 * 1024;

/**
 * The `DisplayOutput` of a whole run: see {@link createDisplayOutputBuilder}.
 * It is one string, so it is bounded: past `maxChars` (default
 * {@link DISPLAY_OUTPUT_MAX_CHARS}) the rest is left out, where an unbounded
 * string would throw `RangeError: Invalid string length` near 512 MiB. To
 * write a run of any size, push events through the builder and write each
 * piece instead.
 */
export function collectDisplayOutput(events: Iterable<DisplayEvent>, options: { maxChars?: number } = {}): string {
  const builder = createDisplayOutputBuilder();
  const out = createBoundedText(options.maxChars ?? DISPLAY_OUTPUT_MAX_CHARS);
  for (const event of events) out.append(builder.push(event));
  out.append(builder.end());
  return out.text;
}
