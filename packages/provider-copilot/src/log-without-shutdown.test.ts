import { describe, expect, it } from 'vitest';
import { eventLine, replayLog } from './test-helpers.js';

// Written from docs/formats/copilot.md §4, log quirk 11: Copilot CLI 0.0.423
// writes no session.shutdown in prompt mode (recorded:
// fixtures/copilot-log/recorded/0.0.423), so where its log's last turn ended
// tells how the run did. The lines follow the shapes that recording has.

const at = (second: number) => `2026-11-30T05:01:${String(second).padStart(2, '0')}.000Z`;
const line = (type: string, data: unknown, second: number) => eventLine(type, data, { id: `e${second}`, timestamp: at(second) });

/** The first lines of a prompt-mode session of `copilotVersion`, up to its turn's start. */
const opening = (copilotVersion: string) => [
  line('session.start', { sessionId: 's-old', version: 1, producer: 'copilot-agent', copilotVersion, startTime: at(0), context: { cwd: '/home/lab/project' } }, 0),
  line('session.model_change', { newModel: 'gpt-5.2' }, 1),
  line('user.message', { content: 'What is 6 times 7?', attachments: [] }, 2),
  line('assistant.turn_start', { turnId: '0' }, 3),
];
const answer = line('assistant.message', { messageId: 'm1', content: 'It is **42**.', toolRequests: [], outputTokens: 31 }, 4);
const turnEnd = line('assistant.turn_end', { turnId: '0' }, 5);
const failure = line('session.error', { errorType: 'query', message: 'Execution failed: CAPIError: 400 prompt is too long' }, 6);

/** The session end the replay closes with. */
const endOf = (lines: string[]) => replayLog(lines).events.at(-1);

describe('a 0.0.x log, which ends with no session.shutdown (log quirk 11)', () => {
  it('ends successful after its last turn ended, with the output tokens its messages counted', () => {
    expect(replayLog([...opening('0.0.423'), answer, turnEnd]).events).toEqual([
      { kind: 'session', phase: 'start', sessionId: 's-old', cwd: '/home/lab/project', agentVersion: '0.0.423', timestamp: at(0) },
      { kind: 'prompt', form: 'prompt', text: 'What is 6 times 7?', id: 'e2', timestamp: at(2) },
      { kind: 'text', id: 'm1', text: 'It is **42**.', timestamp: at(4) },
      { kind: 'usage', cumulative: true, outputTokens: 31 },
      { kind: 'session', phase: 'end', status: 'success', sessionId: 's-old', turns: 1 },
    ]);
  });

  it('ends error after a session.error, which 0.0.423 writes after the turn it failed', () => {
    expect(endOf([...opening('0.0.423'), turnEnd, failure])).toEqual({ kind: 'session', phase: 'end', status: 'error', sessionId: 's-old', turns: 1 });
  });

  it('ends incomplete while a turn is open (a run killed mid-turn: the 429 retried until the timeout, Ctrl-C)', () => {
    expect(endOf([...opening('0.0.423'), answer])).toMatchObject({ phase: 'end', status: 'incomplete' });
  });

  it('leaves a 1.0.x log with no shutdown incomplete: 1.0.12 and later write one, so its absence is a crash', () => {
    expect(endOf([...opening('1.0.12'), answer, turnEnd])).toMatchObject({ phase: 'end', status: 'incomplete' });
  });
});
