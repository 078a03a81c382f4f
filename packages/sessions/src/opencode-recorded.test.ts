// The session logs the real OpenCode wrote in the capture lab (lab/,
// `pnpm capture opencode`): the JSON files of 0.x
// (`project/<project>/storage/session/info|message|part/`), of 1.0 and 1.1
// (`storage/session|message|part/`) and the SQLite database of 1.2+
// (`opencode.db`, most of it still in `opencode.db-wal` when the CLI exits).
// Every recorded session is listed, exported and replayed by the OpenCode log
// source; the sequences were derived by hand from the recorded rows and files.
import { cpSync, mkdtempSync, readdirSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { openCodeLogSource } from '@x/provider-opencode';
import { describe, expect, it } from 'vitest';
import { briefs, recordedDir, recordedVersions } from '../../../tooling/recorded.js';
import { STORES } from '../test/stores.js';
import { listSessions } from './list-sessions.js';
import { openSession } from './open-session.js';
import type { SessionInfo } from './types.js';

/** What a reader tells apart in one session: main or child, its user messages (turns), its events. */
type Expected = [role: 'main' | 'child', turns: number, events: string[]];

const COMMON: Record<string, Expected[]> = {
  'plain-answer': [['main', 1, ['start', 'prompt', 'text It is **42**.', 'usage', 'end success']]],
  'read-edit-run': [['main', 1, ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'usage', 'use Edit', 'result Edit success', 'usage', 'use Bash', 'result Bash success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success']]],
  'write-search': [['main', 1, ['start', 'prompt', 'use Write', 'result Write success', 'usage', 'use Grep', 'result Grep success', 'usage', 'use Glob', 'result Glob success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success']]],
  'failing-command': [['main', 1, ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success']]],
  'thinking-todo': [['main', 1, ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success']]],
  'web-fetch': [['main', 1, ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'usage', 'text The status page says all systems are up.', 'usage', 'end success']]],
  // The child session starts with a notice naming its parent (L6), its prompt is the task's.
  subagent: [
    ['main', 1, ['start', 'prompt', 'use Task', 'result Task success', 'usage', 'text The helper counted 2 files.', 'usage', 'end success']],
    ['child', 1, ['start', 'notice', 'prompt', 'use Bash', 'result Bash success', 'usage', 'text 2 files: a.txt and b.txt.', 'usage', 'end success']],
  ],
  // The last assistant message finished with `tool-calls`: the session never finished its work (L5).
  'permission-denied': [['main', 1, ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'end incomplete']]],
  // Both runs in one session.
  resumed: [['main', 2, ['start', 'prompt', 'text I will remember 7.', 'usage', 'prompt', 'text You gave me 7.', 'usage', 'end success']]],
};

/** What 1.2.27 shows (and 1.3.2, the same in every scenario). */
const AS_1_2_27: Record<string, Expected[]> = {
  ...COMMON,
  // As 1.18: the compaction, its summary's usage (not its text), the synthetic note to go on (no prompt), the answer after it.
  'api-error-400': [['main', 1, ['start', 'prompt', 'notice', 'usage', 'text none', 'usage', 'end success']]],
  // Still retrying when the lab's timeout killed it: an assistant message with neither finish nor error.
  'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
  'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
  // The text part was stored empty (1.2 keeps no text streamed before the cut): the error alone.
  'overloaded-cut': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
  // Ctrl-C while the stream stalled: an empty text part, no finish, no error.
  interrupted: [['main', 1, ['start', 'prompt', 'end incomplete']]],
};

/** What 1.0.152 stored, and 1.0.0 (whose messages keep their finish on the step-finish parts alone, L10). */
const AS_1_0_152: Record<string, Expected[]> = {
  ...COMMON,
  // The command waited for an answer on the terminal (quirk 19) until the lab's timeout killed the run:
  // the bash part stayed `running` (L4), the message has neither finish nor error.
  'permission-denied': [['main', 1, ['start', 'prompt', 'use Bash', 'end incomplete']]],
  // As 1.1: the APIError stays on the assistant message, no compaction.
  'api-error-400': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
  // Still retrying when the lab's timeout killed it: an assistant message with neither finish nor error.
  'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
  'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
  'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
  // As 1.1, the text streamed before Ctrl-C is stored.
  interrupted: [['main', 1, ['start', 'prompt', 'text Here is the first line', 'end incomplete']]],
};

const EXPECTED: Record<string, Record<string, Expected[]>> = {
  // 0.1.174 keeps each message as one file in the AI SDK 4 form, its parts inline and no step-finish part: no
  // usage (L12). It kept the last answer's text in two parts, cut where the lab's stream was cut, each shown as stored.
  '0.1.174': {
    'plain-answer': [['main', 1, ['start', 'prompt', 'text It is **42', 'text **.', 'end success']]],
    'read-edit-run': [['main', 1, ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now', 'text  `Hello`.', 'end success']]],
    'write-search': [['main', 1, ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in', 'text  src/greet.ts.', 'end success']]],
    // The bash call's metadata says exit 1: a failed result.
    'failing-command': [['main', 1, ['start', 'prompt', 'use Bash', 'result Bash error', 'text The tests fail: gree', 'text t.test.ts.', 'end success']]],
    // No reasoning part was stored for the lab's reasoning_content.
    'thinking-todo': [['main', 1, ['start', 'prompt', 'use TodoWrite', 'result TodoWrite success', 'text Two steps: the changelog, ', 'text then the tag.', 'end success']]],
    'web-fetch': [['main', 1, ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'text The status page says all sys', 'text tems are up.', 'end success']]],
    // 0.1.174 offers no task tool: the lab's answer for a call it cannot make.
    subagent: [['main', 1, ['start', 'prompt', 'text I have no tool for t', 'text hat here.', 'end success']]],
    // It asks for no permission (it has no OPENCODE_PERMISSION): the command ran.
    'permission-denied': [['main', 1, ['start', 'prompt', 'use Bash', 'result Bash success', 'text I was not allowed to d', 'text elete it.', 'end success']]],
    'api-error-400': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    // `AI_RetryError: Failed after 3 attempts.` on the message.
    'api-error-429': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // Ctrl-C stored no abort: no `time.completed`, no error.
    interrupted: [['main', 1, ['start', 'prompt', 'text Here is the first line', 'end incomplete']]],
    // Both runs in one session, found for `--session` in the tree the first left.
    resumed: [['main', 2, ['start', 'prompt', 'text I will remem', 'text ber 7.', 'prompt', 'text You gave m', 'text e 7.', 'end success']]],
  },
  // 0.5.29 keeps a turn's steps as parts of one assistant message and writes no `finish` anywhere: a message
  // that completed without an error ended the session's work (L11). Its stdout is plain text (kept beside).
  '0.5.29': {
    ...COMMON,
    // No retry beyond the AI SDK's: the 400 and, after four attempts, the 429 and the 500 are the message's
    // `error` (an UnknownError whose message is the SDK's: `AI_RetryError: Failed after 4 attempts. ...`).
    'api-error-400': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    'api-error-429': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // Ctrl-C stored no abort: the message has neither `time.completed` nor an error, its text as streamed.
    interrupted: [['main', 1, ['start', 'prompt', 'text Here is the first line', 'end incomplete']]],
    // `run` waited for an answer to the permission ask until the lab's timeout killed it: the bash part stayed `running`.
    'permission-denied': [['main', 1, ['start', 'prompt', 'use Bash', 'end incomplete']]],
  },
  '1.0.0': {
    ...AS_1_0_152,
    // 1.0.0 stores each retry of a 429 or a 500 as a `retry` part (attempts 1 to 7 before the lab's timeout), a notice each.
    'api-error-429': [['main', 1, ['start', 'prompt', ...Array<string>(7).fill('notice'), 'end incomplete']]],
    'api-error-500': [['main', 1, ['start', 'prompt', ...Array<string>(7).fill('notice'), 'end incomplete']]],
  },
  '1.0.152': AS_1_0_152,
  '1.1.65': {
    ...COMMON,
    // No compaction in 1.1: the ContextOverflowError stays on the assistant message (L5).
    'api-error-400': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    // Still retrying when the lab's timeout killed it: an assistant message with neither finish nor error.
    'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // 1.1 stores the text streamed before Ctrl-C.
    interrupted: [['main', 1, ['start', 'prompt', 'text Here is the first line', 'end incomplete']]],
  },
  '1.2.12': {
    ...COMMON,
    // As 1.1: no compaction, the ContextOverflowError stays on the assistant message (L5).
    'api-error-400': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    // Still retrying when the lab's timeout killed it: an assistant message with neither finish nor error.
    'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    // As 1.2.27, the text part was stored empty: the error alone.
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    // Ctrl-C while the stream stalled: an empty text part, no finish, no error.
    interrupted: [['main', 1, ['start', 'prompt', 'end incomplete']]],
  },
  '1.2.27': AS_1_2_27,
  // 1.3.2 stores what 1.2.27 stores, scenario for scenario (read from its database and -wal): the compaction
  // answered again, 429 and 500 still retrying at the lab's timeout, the overloaded cut's error alone.
  '1.3.2': AS_1_2_27,
  '1.14.34': {
    ...COMMON,
    'api-error-400': [['main', 1, ['start', 'prompt', 'notice', 'usage', 'text none', 'usage', 'end success']]],
    // Retried without end until the lab's timeout: an assistant message with neither finish nor error.
    'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    // As 1.18, the text streamed before the cut is stored.
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // Ctrl-C while the stream stalled: an empty text part, no finish, no error.
    interrupted: [['main', 1, ['start', 'prompt', 'end incomplete']]],
  },
  '1.15.13': {
    ...COMMON,
    // The database has the whole conversation, though `run` printed none of the last step (opencode.md quirk 20).
    'api-error-400': [['main', 1, ['start', 'prompt', 'notice', 'usage', 'text none', 'usage', 'end success']]],
    // Retried without end until the lab's timeout: an assistant message with neither finish nor error.
    'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    // As 1.14, the text streamed before the cut is stored, then the error `run` never printed.
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // Ctrl-C while the stream stalled: an empty text part, no finish, no error.
    interrupted: [['main', 1, ['start', 'prompt', 'end incomplete']]],
    // The first run only: it printed no session id to resume.
    resumed: [['main', 1, ['start', 'prompt', 'text I will remember 7.', 'usage', 'end success']]],
  },
  '1.17.18': {
    ...COMMON,
    // As 1.18: the overflowing request's message keeps no error; the compaction, its summary's usage, the answer.
    'api-error-400': [['main', 1, ['start', 'prompt', 'notice', 'usage', 'text none', 'usage', 'end success']]],
    // Retried without end until the lab's timeout: an assistant message with neither finish nor error.
    'api-error-429': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'end incomplete']]],
    // As 1.14 and 1.18, the text streamed before the cut is stored, then the error.
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // Ctrl-C while the stream stalled: an empty text part, no finish, no error.
    interrupted: [['main', 1, ['start', 'prompt', 'end incomplete']]],
  },
  '1.18.33': {
    ...COMMON,
    // The overflowing request's message keeps no error; the compaction (a user message, L9), its summary
    // (the lab's side answer `none`: its usage shown, not its text), the synthetic note (no prompt) and the answer
    // after it: three user messages, one typed.
    'api-error-400': [['main', 1, ['start', 'prompt', 'notice', 'usage', 'text none', 'usage', 'end success']]],
    // The last attempt's error is the assistant message's `error`.
    'api-error-429': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    'api-error-500': [['main', 1, ['start', 'prompt', 'error', 'end error']]],
    // The stored text part keeps what streamed before the cut, then the error.
    'overloaded-cut': [['main', 1, ['start', 'prompt', 'text Let me start', 'error', 'end error']]],
    // Ctrl-C while the stream stalled: the assistant message has no finish and no error.
    interrupted: [['main', 1, ['start', 'prompt', 'end incomplete']]],
    // The second prompt, then the compaction it started (`auto: true`), its summary's usage, the synthetic note
    // (no prompt), the answer: two prompts typed, so two turns.
    compaction: [['main', 2, ['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'prompt', 'notice', 'usage', 'text You gave me 7.', 'usage', 'end success']]],
  },
};

const homeDir = (version: string, scenario: string) => join(recordedDir('opencode-log', version), scenario);

async function textOf(stream: AsyncIterable<Uint8Array>): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += Buffer.from(chunk).toString('utf8');
  return out;
}

/** A recorded scenario's sessions, main first, each exported and replayed. */
async function replayed(version: string, scenario: string): Promise<{ sessions: SessionInfo[]; seen: Expected[]; unread: string[] }> {
  const lookup = { stores: STORES, home: homeDir(version, scenario), env: {} };
  const listed = await listSessions({ ...lookup, agent: 'opencode', subagents: true });
  const sessions = listed.sort((a, b) => Number(a.parentId !== undefined) - Number(b.parentId !== undefined));
  const seen: Expected[] = [];
  const unread: string[] = [];
  for (const session of sessions) {
    const doc = JSON.parse(await textOf(await openSession(session, lookup))) as unknown;
    const replay = replayLines(openCodeLogSource, [JSON.stringify(doc)]);
    unread.push(...replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason));
    seen.push([session.parentId === undefined ? 'main' : 'child', session.turns ?? 0, briefs(replay.events)]);
  }
  return { sessions, seen, unread };
}

it('has expectations for every recorded version', () => {
  expect(recordedVersions('opencode-log')).toEqual(Object.keys(EXPECTED));
});

describe.each(recordedVersions('opencode-log'))('OpenCode %s session logs, recorded', (version) => {
  // A version before 1.0 keeps its plain-text stdout and provenance.json beside the scenarios' homes.
  const scenarios = readdirSync(recordedDir('opencode-log', version), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('has an expectation for every recorded scenario', () => {
    expect([...scenarios].sort()).toEqual(Object.keys(EXPECTED[version] ?? {}).sort());
  });

  it.each(scenarios)('%s: every session is listed and replays with every part read', async (scenario) => {
    const { seen, unread } = await replayed(version, scenario);
    expect(unread).toEqual([]);
    expect(seen).toEqual(EXPECTED[version]?.[scenario]);
  });
});

describe("OpenCode 0.x's per-project JSON tree", () => {
  it('lists the main session and its subagent child with their totals (0.5.29 subagent), the project from the messages', async () => {
    const sessions = await listSessions({ stores: STORES, home: homeDir('0.5.29', 'subagent'), env: {}, agent: 'opencode', subagents: true });
    const tree = join(homeDir('0.5.29', 'subagent'), '.local', 'share', 'opencode', 'project', 'global', 'storage', 'session', 'info');
    expect(sessions.sort((a, b) => a.startedAt?.localeCompare(b.startedAt ?? '') ?? 0)).toEqual([
      {
        agent: 'opencode',
        id: 'ses_dd3fa9427ffeYFRzZQHBfN1W6N',
        key: 'ses_dd3fa9427ffeYFRzZQHBfN1W6N',
        storage: 'opencode-project-storage',
        path: join(tree, 'ses_dd3fa9427ffeYFRzZQHBfN1W6N.json'),
        updatedAt: '2026-11-30T10:34:42.651Z',
        size: 162,
        startedAt: '2026-11-30T10:34:42.521Z',
        title: 'none',
        // 0.x's session has no `directory`: the assistant message's `path.cwd`.
        project: '/home/lab/project',
        turns: 1,
        // Its two steps' step-finish parts, (1802 + 32 + 10 + 1200) + (1805 + 35 + 10 + 1200) (input, output, reasoning,
        // cache read): not the message's own tokens, which 0.x keeps as its last step's (3050, L11).
        tokens: 6094,
      },
      {
        agent: 'opencode',
        id: 'ses_dd3fa9399ffeccozes5IjDlF9M',
        key: 'ses_dd3fa9399ffeccozes5IjDlF9M',
        storage: 'opencode-project-storage',
        path: join(tree, 'ses_dd3fa9399ffeccozes5IjDlF9M.json'),
        updatedAt: '2026-11-30T10:34:42.664Z',
        size: 237,
        startedAt: '2026-11-30T10:34:42.662Z',
        title: 'Count files (@general subagent)',
        parentId: 'ses_dd3fa9427ffeYFRzZQHBfN1W6N',
        project: '/home/lab/project',
        turns: 1,
        // (1803 + 33 + 10 + 1200) + (1804 + 34 + 10 + 1200).
        tokens: 6094,
      },
    ]);
  });

  it('lists no child without subagents', async () => {
    const main = await listSessions({ stores: STORES, home: homeDir('0.5.29', 'subagent'), env: {}, agent: 'opencode' });
    expect(main.map((session) => session.id)).toEqual(['ses_dd3fa9427ffeYFRzZQHBfN1W6N']);
  });

  it('does not list an info file that is a symlink out of the store', async () => {
    const home = mkdtempSync(join(tmpdir(), 'x-opencode-0x-'));
    cpSync(homeDir('0.5.29', 'plain-answer'), home, { recursive: true });
    const info = join(home, '.local', 'share', 'opencode', 'project', 'global', 'storage', 'session', 'info');
    const outside = mkdtempSync(join(tmpdir(), 'x-opencode-outside-'));
    const [name = ''] = readdirSync(info);
    renameSync(join(info, name), join(outside, name));
    symlinkSync(join(outside, name), join(info, name));
    expect(await listSessions({ stores: STORES, home, env: {}, agent: 'opencode' })).toEqual([]);
  });
});

describe('the newest OpenCode database, most of it in its write-ahead log', () => {
  it('lists the session with its totals (1.18.33 plain-answer: the database file holds one page, the WAL 201 frames)', async () => {
    const sessions = await listSessions({ stores: STORES, home: homeDir('1.18.33', 'plain-answer'), env: {}, agent: 'opencode' });
    expect(sessions.map(({ path, ...rest }) => rest)).toEqual([
      {
        agent: 'opencode',
        id: 'ses_ddd94a04fffeJ7oyl17JS3UJ5h',
        key: 'ses_ddd94a04fffeJ7oyl17JS3UJ5h',
        storage: 'opencode-sqlite',
        updatedAt: '2026-11-28T13:50:11.271Z',
        size: 4096,
        startedAt: '2026-11-28T13:49:51.921Z',
        // The database is copied as it is (lab/src/write-recording.ts): the throwaway home is not rewritten in it.
        project: '/tmp/x-lab-BJ4oy6/project',
        title: 'none',
        turns: 1,
        // input 602 + output 22 + reasoning 10 + cache read 1200 (the lab's usage chunk, lab/src/protocols/chat.ts).
        tokens: 1834,
      },
    ]);
  });
});

describe('the database and its write-ahead log are read as the store checked them', () => {
  /** The recorded 1.18.33 home copied, so that its files can be moved. */
  function copiedHome(): { home: string; data: string } {
    const home = mkdtempSync(join(tmpdir(), 'x-opencode-wal-'));
    cpSync(homeDir('1.18.33', 'plain-answer'), home, { recursive: true });
    return { home, data: join(home, '.local', 'share', 'opencode') };
  }

  it('refuses a -wal that is a symlink out of the store, in one warning naming it, instead of reading it', async () => {
    const { home, data } = copiedHome();
    const outside = mkdtempSync(join(tmpdir(), 'x-opencode-outside-'));
    renameSync(join(data, 'opencode.db-wal'), join(outside, 'planted-wal'));
    symlinkSync(join(outside, 'planted-wal'), join(data, 'opencode.db-wal'));
    const warnings: string[] = [];
    const sessions = await listSessions({ stores: STORES, home, env: {}, agent: 'opencode', onWarning: (message) => warnings.push(message) });
    expect(sessions).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining(`${join(data, 'opencode.db-wal')} is outside the session store's folders; not read.`)]);
  });

  it('lists the session from the same files when they are in place (the -wal a regular file of the store)', async () => {
    const { home } = copiedHome();
    const sessions = await listSessions({ stores: STORES, home, env: {}, agent: 'opencode' });
    expect(sessions.map((session) => [session.id, session.turns, session.tokens])).toEqual([['ses_ddd94a04fffeJ7oyl17JS3UJ5h', 1, 1834]]);
  });
});
