import type { DisplayEvent } from './display-event.js';

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

/** The `DisplayOutput` of a whole run: see {@link createDisplayOutputBuilder}. */
export function collectDisplayOutput(events: Iterable<DisplayEvent>): string {
  const builder = createDisplayOutputBuilder();
  let out = '';
  for (const event of events) out += builder.push(event);
  return out + builder.end();
}
