import { describe, expect, it } from 'vitest';
import { unframeSseLine } from './sse-line.js';

describe('unframeSseLine', () => {
  it.each([
    ['{"type":"text"}', { kind: 'data', text: '{"type":"text"}' }],
    ['  "indented": 1,', { kind: 'data', text: '  "indented": 1,' }],
    ['}', { kind: 'data', text: '}' }],
    ['data: {"a":1}', { kind: 'data', text: '{"a":1}' }],
    ['data:{"a":1}', { kind: 'data', text: '{"a":1}' }],
    ['data:  two spaces', { kind: 'data', text: ' two spaces' }],
    ['data: [DONE]', { kind: 'data', text: '[DONE]' }],
    [': keep-alive', { kind: 'comment' }],
    ['event: message', { kind: 'field', name: 'event' }],
    ['id: 42', { kind: 'field', name: 'id' }],
    ['retry:1000', { kind: 'field', name: 'retry' }],
    ['event', { kind: 'field', name: 'event' }],
    ['identity crisis', { kind: 'data', text: 'identity crisis' }],
    ['[STARTUP] log line', { kind: 'data', text: '[STARTUP] log line' }],
  ] as const)('%j', (line, expected) => {
    expect(unframeSseLine(line)).toEqual(expected);
  });
});
