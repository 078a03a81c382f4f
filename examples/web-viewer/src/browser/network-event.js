// Reads one event that crossed the network. The server may run a newer @x/core
// than the page was built with, and a newer core may know more kinds: such an
// event is skipped and counted, not rejected, while a malformed event of a
// known kind is still refused before it reaches the renderer.
import { parseDisplayEvent } from '@x/core';

/**
 * @typedef {{ event: import('@x/core').DisplayEvent }
 *   | { skipped: 'newer-kind', kind: string }
 *   | { skipped: 'malformed', reason: string }} NetworkEvent
 */

/**
 * @param {string} data the `data` of a server-sent `message`: one event as JSON
 * @returns {NetworkEvent}
 */
export function readNetworkEvent(data) {
  let value;
  try {
    value = JSON.parse(data);
  } catch {
    return { skipped: 'malformed', reason: 'not JSON' };
  }
  const result = parseDisplayEvent(value);
  if (!result.ok) return { skipped: 'malformed', reason: result.error };
  if (result.event === undefined) return { skipped: 'newer-kind', kind: result.unknown.kind };
  return { event: result.event };
}
