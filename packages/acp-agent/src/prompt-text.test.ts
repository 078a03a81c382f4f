import { describe, expect, it } from 'vitest';
import { promptTextOf, UnsupportedPromptError } from './prompt-text.js';

describe('promptTextOf', () => {
  it('joins text, resource links and text resources', () => {
    expect(
      promptTextOf([
        { type: 'text', text: 'Explain' },
        { type: 'resource_link', uri: 'file:///p/a.ts', name: 'a.ts' },
        { type: 'resource', resource: { uri: 'file:///p/b.ts', text: 'const b = 1;' } },
      ]),
    ).toBe('Explain\n\nfile:///p/a.ts\n\nfile:///p/b.ts\nconst b = 1;');
  });

  it('refuses what a CLI cannot take as text', () => {
    expect(() => promptTextOf([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }])).toThrow(UnsupportedPromptError);
    expect(() => promptTextOf([{ type: 'resource', resource: { uri: 'file:///p/c.bin', blob: 'AAAA' } }])).toThrow('the prompt holds a binary resource');
    // The prompt is one argument of the CLI, which cannot hold a NUL (Node refused to start it: an internal error).
    expect(() => promptTextOf([{ type: 'text', text: 'one\0two' }])).toThrow('the prompt holds a NUL character');
    expect(() => promptTextOf([{ type: 'resource', resource: { uri: 'file:///p/a.txt', text: 'a\0b' } }])).toThrow(UnsupportedPromptError);
  });
});
