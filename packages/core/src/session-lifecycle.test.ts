import { describe, expect, it } from 'vitest';
import { createSessionLifecycle } from './session-lifecycle.js';

describe('createSessionLifecycle', () => {
  it('emits nothing for an empty stream', () => {
    expect(createSessionLifecycle().flush()).toEqual([]);
  });

  it('starts once and ends once', () => {
    const life = createSessionLifecycle();
    expect(life.start({ sessionId: 's', model: 'm' })).toEqual([{ kind: 'session', phase: 'start', sessionId: 's', model: 'm' }]);
    expect(life.start({ sessionId: 's' })).toEqual([]);
    expect(life.open).toBe(true);
    expect(life.end('success', { sessionId: 's', turns: 2, result: 'done' })).toEqual([
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's', turns: 2, result: 'done' },
    ]);
    expect(life.open).toBe(false);
    expect(life.flush()).toEqual([]);
  });

  it('starts a session before an end that has none', () => {
    expect(createSessionLifecycle().end('error', { sessionId: 's', durationMs: 5 })).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's' },
      { kind: 'session', phase: 'end', status: 'error', sessionId: 's', durationMs: 5 },
    ]);
  });

  it('leaves out zero figures of a run that did not succeed, keeps them on success', () => {
    const failed = createSessionLifecycle();
    failed.start();
    expect(failed.end('error', { durationMs: 0, turns: 0 })).toEqual([{ kind: 'session', phase: 'end', status: 'error' }]);
    const ok = createSessionLifecycle();
    ok.start();
    expect(ok.end('success', { durationMs: 0, turns: 0 })).toEqual([{ kind: 'session', phase: 'end', status: 'success', durationMs: 0, turns: 0 }]);
  });

  it('reports a fatal error once per session, a warning every time', () => {
    const life = createSessionLifecycle();
    life.start();
    const fatal = { kind: 'error', message: 'quota', fatal: true } as const;
    expect(life.error(fatal)).toEqual([fatal]);
    expect(life.error({ ...fatal })).toEqual([]);
    const soft = { kind: 'error', message: 'retry', fatal: false } as const;
    expect(life.error(soft)).toEqual([soft]);
    expect(life.error(soft)).toEqual([soft]);
    life.end('error');
    life.start();
    expect(life.error(fatal)).toEqual([fatal]);
  });

  it('ends a session still open as incomplete on flush', () => {
    const life = createSessionLifecycle();
    life.start({ sessionId: 's' });
    expect(life.flush({ sessionId: 's', result: 'partial' })).toEqual([
      { kind: 'session', phase: 'end', status: 'incomplete', sessionId: 's', result: 'partial' },
    ]);
  });
});
