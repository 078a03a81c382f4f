import type { DisplayEventKind } from '@x/core';

/**
 * The kinds this renderer shows: those of the `@x/core` it was built with.
 * A newer core may hand it kinds added since; the renderers drop those before
 * anything else happens, so that such an event cannot open the document or
 * take the place of the session start in its head. Not `DISPLAY_EVENT_KINDS`:
 * that is the list of the core installed beside this renderer, which may be
 * newer than this renderer.
 */
const KNOWN_KINDS: ReadonlySet<string> = new Set<DisplayEventKind>([
  'prompt',
  'text',
  'reasoning',
  'tool-use',
  'tool-result',
  'usage',
  'session',
  'error',
  'notice',
]);

/** Whether `event` is an object of a kind this renderer knows. */
export function isKnownEvent(event: unknown): boolean {
  return event !== null && typeof event === 'object' && KNOWN_KINDS.has((event as { kind?: unknown }).kind as string);
}

