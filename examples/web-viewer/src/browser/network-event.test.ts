import { describe, expect, it } from 'vitest';
import { readNetworkEvent } from './network-event.js';

describe('readNetworkEvent (the page reading the server\'s events)', () => {
  it('passes a valid event of a known kind', () => {
    const event = { kind: 'text', id: 'm1', text: 'hello' };
    expect(readNetworkEvent(JSON.stringify(event))).toEqual({ event });
  });

  it('skips an event of a kind a newer server knows, instead of rejecting it', () => {
    expect(readNetworkEvent(JSON.stringify({ kind: 'checkpoint', id: 'c1', label: 'saved' }))).toEqual({ skipped: 'newer-kind', kind: 'checkpoint' });
  });

  it('still refuses a malformed event of a known kind, and what is no event at all', () => {
    expect(readNetworkEvent(JSON.stringify({ kind: 'text', text: 'no id' }))).toEqual({ skipped: 'malformed', reason: 'malformed "text" event at id: Invalid input: expected string, received undefined' });
    expect(readNetworkEvent('{"kind":')).toEqual({ skipped: 'malformed', reason: 'not JSON' });
    expect(readNetworkEvent('[1,2]')).toMatchObject({ skipped: 'malformed' });
  });
});
