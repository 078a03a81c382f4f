import { describe, expect, it } from 'vitest';
import { memoryStoreFs } from '../test/memory-store-fs.js';
import { type SessionStore, defineSessionStore } from './session-store.js';

const valid: SessionStore = {
  specificationVersion: 'v1',
  id: 'my-agent',
  displayName: 'My Agent',
  logSource: 'my-agent-log',
  envVariables: ['MY_AGENT_HOME'],
  roots: ({ home, env, fs }) => [env.MY_AGENT_HOME || fs.join(home, '.my-agent')],
  list: async () => [],
  open: async (session, { fs }) => ({ kind: 'bytes', bytes: await fs.stream(session.path) }),
};

describe('defineSessionStore', () => {
  it('returns the store frozen, with its env variables frozen too', () => {
    const store = defineSessionStore(valid);
    expect(store.id).toBe('my-agent');
    expect(Object.isFrozen(store)).toBe(true);
    expect(Object.isFrozen(store.envVariables)).toBe(true);
    expect(store.roots({ home: '/h', env: {}, fs: memoryStoreFs({}) })).toEqual(['/h/.my-agent']);
    expect(store.roots({ home: '/h', env: { MY_AGENT_HOME: '/x' }, fs: memoryStoreFs({}) })).toEqual(['/x']);
  });

  it('refuses a store of another contract version, naming both', () => {
    expect(() => defineSessionStore({ ...valid, specificationVersion: 'v2' as 'v1' })).toThrow(/session store "my-agent" declares specificationVersion "v2".*"v1"/);
  });

  it.each([
    [{ id: 'My Agent' }, /id must be a lowercase identifier/],
    [{ displayName: ' ' }, /displayName must be a non-empty string/],
    [{ logSource: '' }, /logSource must be the id of the source/],
    [{ envVariables: [''] }, /envVariables must be an array/],
    [{ envVariables: 'X' }, /envVariables must be an array/],
    [{ roots: undefined }, /roots must be a function/],
    [{ list: 1 }, /list must be a function/],
    [{ open: null }, /open must be a function/],
  ])('says what to fix in %j', (change, message) => {
    expect(() => defineSessionStore({ ...valid, ...(change as object) } as SessionStore)).toThrow(message);
  });

  it('refuses what is no object', () => {
    expect(() => defineSessionStore(null as unknown as SessionStore)).toThrow(/expects an object/);
  });
});
