import { describe, expect, it } from 'vitest';
import { claude } from './claude.js';

const todo = { kind: 'todo', items: ['Write the changelog', 'Tag the release'] } as const;
const place = (version: string) => ({ work: '/tmp/w', serverUrl: 'http://127.0.0.1:1', version });

describe('the Claude profile', () => {
  it('gives TodoWrite items the id and priority 1.0.60 requires, and activeForm from 1.0.90 on', () => {
    expect(claude.makeCall(todo, ['TodoWrite'], 'c', place('1.0.60'))?.input).toEqual({
      todos: [
        { id: '1', content: 'Write the changelog', status: 'in_progress', priority: 'high' },
        { id: '2', content: 'Tag the release', status: 'pending', priority: 'high' },
      ],
    });
    expect(claude.makeCall(todo, ['TodoWrite'], 'c', place('1.0.90'))?.input).toEqual({
      todos: [
        { content: 'Write the changelog', status: 'in_progress', activeForm: 'Write the changelog' },
        { content: 'Tag the release', status: 'pending', activeForm: 'Tag the release' },
      ],
    });
  });
});
