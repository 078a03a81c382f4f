import { describe, expect, it } from 'vitest';
import { previewToolInput } from './arg-preview.js';

describe('previewToolInput', () => {
  it.each([
    [{ file_path: '/repo/README.md' }, '/repo/README.md'],
    [{ filePath: 'src/index.ts' }, 'src/index.ts'],
    [{ absolute_path: '/a/b.ts' }, '/a/b.ts'],
    [{ path: 'docs' }, 'docs'],
    [{ command: 'npm test' }, 'npm test'],
    [{ cmd: 'ls -la' }, 'ls -la'],
    [{ pattern: 'TODO' }, 'TODO'],
    [{ url: 'https://example.com' }, 'https://example.com'],
    [{ query: 'zod discriminated union' }, 'zod discriminated union'],
    [{ description: 'Find the tests' }, 'Find the tests'],
    [{ command: ['bash', '-lc', 'ls'] }, 'bash -lc ls'],
  ])('takes the known field of %j', (input, expected) => {
    expect(previewToolInput(input)).toBe(expected);
  });

  it('prefers the path over the command and the description', () => {
    expect(previewToolInput({ description: 'd', command: 'c', file_path: 'f' })).toBe('f');
  });

  it('decodes arguments that arrive as a JSON string', () => {
    expect(previewToolInput('{"path":"src/slugify.ts"}')).toBe('src/slugify.ts');
    expect(previewToolInput('{"command":"pytest -q"}')).toBe('pytest -q');
  });

  it('previews a string that is not JSON from the string itself, safely cut', () => {
    expect(previewToolInput('{"path": "unterminated')).toBe('{"path": "unterminated');
    expect(previewToolInput(`{"path":"${'x'.repeat(60)}`)).toHaveLength(40);
  });

  it('previews an object without a known field as its compact JSON, cut', () => {
    expect(previewToolInput({ location: 'San Francisco' })).toBe('{"location":"San Francisco"}');
    expect(previewToolInput('{"owner": "x", "repo": "y"}')).toBe('{"owner":"x","repo":"y"}');
    expect(previewToolInput({ owner: 'example', repo: 'slugkit', state: 'open', labels: ['unicode'] })).toBe('{"owner":"example","repo":"slugkit","...');
    expect(previewToolInput([1, 2])).toBe('[1,2]');
    expect(previewToolInput({ text: 'a\nb', n: 1, ok: true, none: null })).toBe('{"text":"a\\nb","n":1,"ok":true,"none"...');
  });

  it('writes no more JSON than a preview shows, however large the input', () => {
    const huge = { content: 'x'.repeat(1_000_000), rest: Array.from({ length: 100_000 }, (_, i) => i) };
    expect(previewToolInput(huge)).toBe(`{"content":"${'x'.repeat(25)}...`);
  });

  it('gives nothing for an empty object or array, null and undefined', () => {
    expect(previewToolInput({})).toBe('');
    expect(previewToolInput('{}')).toBe('');
    expect(previewToolInput([])).toBe('');
    expect(previewToolInput(null)).toBe('');
    expect(previewToolInput(undefined)).toBe('');
  });

  it("previews AskUserQuestion by its first question, and a question field", () => {
    const ask = { questions: [{ question: 'Which test runner should I use?', header: 'Runner', options: [{ label: 'vitest' }], multiSelect: false }] };
    expect(previewToolInput(ask)).toBe('Which test runner should I use?');
    expect(previewToolInput({ question: 'Proceed?', choices: ['yes', 'no'] })).toBe('Proceed?');
  });

  it('previews a todo list by the item in progress, else the first', () => {
    const todos = [
      { content: 'Write the parser', status: 'completed', activeForm: 'Writing the parser' },
      { content: 'Run the tests', status: 'in_progress', activeForm: 'Running the tests' },
    ];
    expect(previewToolInput({ todos })).toBe('Run the tests');
    expect(previewToolInput({ todos: [{ description: 'Read the docs', status: 'pending' }] })).toBe('Read the docs');
    expect(previewToolInput({ todos: [{ status: 'pending' }] })).toMatch(/^\{"todos":/);
  });

  it("never repeats the tool's own name as its preview", () => {
    expect(previewToolInput({ command: 'lint', path: 'src' }, [], ['lint'])).toBe('src');
    expect(previewToolInput({ query: 'lookup' }, [], ['mcp__docs__lookup', 'docs.lookup'])).toBe('{"query":"lookup"}');
    expect(previewToolInput('run_tests', [], ['run_tests'])).toBe('');
  });

  it('is single-line and at most 40 characters, counting multi-byte characters as one', () => {
    expect(previewToolInput({ command: 'echo one\necho two\n\techo three' })).toBe('echo one echo two echo three');
    const long = previewToolInput({ command: 'é'.repeat(100) });
    expect([...long]).toHaveLength(40);
    expect(long.endsWith('...')).toBe(true);
    expect([...previewToolInput({ file_path: '😀'.repeat(50) })]).toHaveLength(40);
  });

  it('skips an empty known field for the next one', () => {
    expect(previewToolInput({ file_path: '', command: 'ls' })).toBe('ls');
  });

  it('takes no known field from inherited keys such as __proto__, and shows the key as text', () => {
    const hostile = JSON.parse('{"__proto__":{"file_path":"evil"}}') as unknown;
    expect(previewToolInput(hostile)).toBe('{"__proto__":{"file_path":"evil"}}');
  });
});
