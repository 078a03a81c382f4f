import type { DisplayEvent } from '@x/core';

/** `undefined` for an empty string. */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** Nests an event under the call that started its subagent (`data.parentToolCallId`). */
export function withParent<E extends DisplayEvent>(event: E, parent: string | undefined): E {
  if (parent !== undefined) event.parentToolUseId = parent;
  return event;
}
