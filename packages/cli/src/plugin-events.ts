import type { DisplayEvent, DisplayEventSource, LineContext, SourceParser } from '@x/core';
import { parseDisplayEvent } from '@x/core';

/**
 * What a plugin threw, in words, read without trusting it: a thrown value's
 * `message` getter or `toString` may throw too, which made the line meant to
 * name the plugin an internal error of xview.
 */
export function reasonOf(error: unknown): string {
  try {
    return String(error instanceof Error ? error.message : error);
  } catch {
    return 'a value that cannot be shown';
  }
}

/** A plugin parser's call, whose throw reaches core's pipeline as an Error it can tell (core counts the line malformed). */
function called(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    throw new Error(reasonOf(error));
  }
}

/**
 * What a plugin's parser returned, as events of the contract: each value is
 * read as an event that crossed a boundary (`parseDisplayEvent`, the schema
 * of its kind), and one that is not (`null`, a tool result without its
 * fields, an object whose getters throw) is dropped and told as malformed on
 * its line. Core's pipeline trusts a source's events to hold the fields their
 * kind promises; a plugin's bug broke that promise deep in a renderer, and
 * the run ended as an internal error of xview.
 */
function checkedEvents(values: unknown, sourceId: string, context: LineContext): DisplayEvent[] {
  if (!Array.isArray(values)) {
    context.malformed(`source "${sourceId}" returned no list of events`);
    return [];
  }
  const events: DisplayEvent[] = [];
  for (const value of values as unknown[]) {
    let error: string;
    try {
      const result = parseDisplayEvent(value);
      if (result.ok && result.event !== undefined) {
        // The plugin's own object goes on: the schema's copy orders and drops fields, which would change `--events`.
        events.push(value as DisplayEvent);
        continue;
      }
      error = result.ok ? `event of unknown kind "${result.unknown.kind}"` : result.error;
    } catch (thrown) {
      error = reasonOf(thrown);
    }
    context.malformed(`source "${sourceId}" emitted a value that is no event: ${error}`);
  }
  return events;
}

/**
 * A plugin's source whose parsers' events are checked by {@link checkedEvents}
 * before core's pipeline sees them. Built-in sources are not wrapped: their
 * events are checked by their tests, and the check costs a schema pass per event.
 */
export function checkedSource(source: DisplayEventSource): DisplayEventSource {
  return {
    ...source,
    createParser(): SourceParser {
      const parser = source.createParser();
      return {
        parse: (line, context) => checkedEvents(called(() => parser.parse(line, context)), source.id, context),
        flush: (context) => checkedEvents(called(() => parser.flush(context)), source.id, context),
      };
    },
  };
}
