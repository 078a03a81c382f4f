import { describe, expect, it } from 'vitest';
import { extractToolOutput } from './tool-output.js';

describe('extractToolOutput', () => {
  it.each([
    ['a plain string', 'hello', { state: 'text', text: 'hello' }],
    ['an empty string', '', { state: 'empty', text: '' }],
    ['null', null, { state: 'unavailable' }],
    ['undefined', undefined, { state: 'unavailable' }],
    ['a number', 42, { state: 'text', text: '42' }],
    ['file.content', { type: 'text', file: { filePath: 'a', content: 'body' } }, { state: 'text', text: 'body' }],
    ['empty file.content', { type: 'text', file: { filePath: 'a', content: '' } }, { state: 'empty', text: '' }],
    ['output', { output: 'ran' }, { state: 'text', text: 'ran' }],
    ['content string', { content: 'c' }, { state: 'text', text: 'c' }],
    ['text', { text: 't' }, { state: 'text', text: 't' }],
    ['value', { value: 'v' }, { state: 'text', text: 'v' }],
    ['data', { data: 'd' }, { state: 'text', text: 'd' }],
    ['result', { result: 'r' }, { state: 'text', text: 'r' }],
    ['stdout', { stdout: 'out', stderr: '' }, { state: 'text', text: 'out' }],
    ['an array of text blocks', [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], { state: 'text', text: 'a\nb' }],
    ['content as text blocks', { content: [{ type: 'text', text: 'x' }] }, { state: 'text', text: 'x' }],
    ['an empty array', [], { state: 'empty', text: '' }],
    ['an image block only', [{ type: 'image', source: { type: 'base64', data: 'AAAA' } }], { state: 'unavailable' }],
    ['an unknown object', { foo: 'bar' }, { state: 'unavailable' }],
    ['a JSON string of a known shape', '{"output":"decoded"}', { state: 'text', text: 'decoded' }],
    ['a JSON string of text blocks', '[{"type":"text","text":"from json"}]', { state: 'text', text: 'from json' }],
    ['a JSON string of an unknown object is the text itself', '{"name":"pkg"}', { state: 'text', text: '{"name":"pkg"}' }],
    ['a JSON string with empty output', '{"output":""}', { state: 'empty', text: '' }],
    ['content present but null', { content: null }, { state: 'unavailable' }],
    ['content present and empty', { content: '' }, { state: 'empty', text: '' }],
  ])('%s', (_label, value, expected) => {
    expect(extractToolOutput(value)).toEqual(expected);
  });

  it('skips an unusable key for the next one', () => {
    expect(extractToolOutput({ output: null, content: 'fallback' })).toEqual({ state: 'text', text: 'fallback' });
  });

  it('stops at a bounded depth on deeply nested input', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { content: deep };
    expect(extractToolOutput(deep)).toEqual({ state: 'unavailable' });
  });

  it('reads own keys only', () => {
    expect(extractToolOutput(JSON.parse('{"__proto__":{"output":"evil"}}'))).toEqual({ state: 'unavailable' });
  });
});
