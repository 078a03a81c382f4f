// The real Gemini CLI, recorded by the capture lab (lab/, `pnpm capture
// gemini`): `gemini -p --output-format stream-json` and the chat recordings
// (~/.gemini/tmp/<project>/chats/*.jsonl) of every recorded version replay
// with no line unknown, malformed or cut off, and show what the CLI did. The
// expected sequences were derived by hand from the recordings (read line by
// line against lab/src/scenarios.ts and lab/src/agents/gemini.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { briefs, compareVersions, recordedDir, recordedStreams, recordedVersions, streamScenario } from '../../../tooling/recorded.js';
import { geminiLogSource } from './log-source.js';
import { geminiSource } from './source.js';

/** The versions recorded in stream-json: 0.11 and later (0.10 and older print one JSON document, read by recorded-json.test.ts). */
const STREAM_VERSIONS = (provider: string) => recordedVersions(provider).filter((version) => compareVersions(version, '0.11.0') >= 0);

/** A request that failed: stream-json has the prompt and the `result` with the error, nothing else. */
const FAILED = ['start', 'prompt', 'error', 'usage', 'end error'];

const STDOUT: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // stream-json's tool_result is `status: "success", output: "FAIL greet.test.ts"`: no exit code reaches stdout, so nothing tells the failure.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash success', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'use TodoWrite', 'result TodoWrite success', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  // The lab answers every fetch with a refusal: the call is an error.
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch error', 'text The status page says all systems are up.', 'usage', 'end success'],
  // The subagent's own calls are not in stream-json; its answer is the Task's output.
  subagent: ['start', 'prompt', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': FAILED,
  'api-error-429': FAILED,
  'api-error-500': FAILED,
  'overloaded-cut': FAILED,
  // The stalled stream is cut by Ctrl-C: the `error` line, then the `result` whose message is that error again (quirk 4), fatal.
  interrupted: ['start', 'prompt', 'text Here is the first line', 'error', 'error', 'usage', 'end error'],
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'end success'],
  'resumed.resume': ['start', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
  // Compressed at the start of the resumed run (a tiny model.compressionThreshold; 0.61.0 on): stream-json prints nothing of it.
  compaction: ['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'end success'],
  'compaction.resume': ['start', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * A request that failed: the prompt is appended, then a `$set.messages`
 * checkpoint leaves it out (0.61 takes a failed prompt back out of the
 * history) and nothing ends the file.
 */
const FAILED_LOG = ['start', 'prompt', 'notice', 'end incomplete'];

/** Chat recordings: one usage per model reply; 0.61 writes no result, so the end is the file's. */
const LOG: Record<string, string[]> = {
  'plain-answer': ['start', 'prompt', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'usage', 'use Edit', 'result Edit success', 'usage', 'use Bash', 'result Bash success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'usage', 'use Grep', 'result Grep success', 'usage', 'use Glob', 'result Glob success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // The recording keeps the report the model got, `Exit Code: 1` in it: the failed command is an error here.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch error', 'usage', 'text The status page says all systems are up.', 'usage', 'end success'],
  // The call's report says `Termination Reason: ERROR_NO_COMPLETE_TASK_CALL` (the lab's subagent answers without
  // calling complete_task): the subagent failed, though the CLI gives the call `success` (quirk 14).
  subagent: ['start', 'prompt', 'use Task', 'result Task error', 'usage', 'text The helper counted 2 files.', 'usage', 'end success'],
  'permission-denied': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text I was not allowed to delete it.', 'usage', 'end success'],
  'api-error-400': FAILED_LOG,
  'api-error-429': FAILED_LOG,
  'api-error-500': FAILED_LOG,
  'overloaded-cut': FAILED_LOG,
  interrupted: FAILED_LOG,
  // The resumed run appends its turn to the first file, and starts a second file that holds only the session context.
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
  'resumed.second': ['start', 'end incomplete'],
  // The resumed run's $set.messages that replaces the history with the summary and the CLI's "Got it." is one compaction
  // notice; neither message is shown (compression.ts).
  compaction: ['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'notice', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
  // The subagent's own recording: its task as the prompt, its call, its answer; then the CLI's own
  // last call to finish (a `user` message the CLI wrote: a notice, quirk 17) and the answer again.
  'subagent.child': ['start', 'prompt', 'use Bash', 'result Bash success', 'usage', 'text 2 files: a.txt and b.txt.', 'usage', 'notice', 'text 2 files: a.txt and b.txt.', 'usage', 'end success'],
};

/** 0.38.2 has no subagent tool (the lab answers that it has none), and retries a stalled stream on its own. */
const STDOUT_0_38: Record<string, string[]> = {
  ...STDOUT,
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'],
  // The stream stalled; the CLI asked again and printed the second reply after the first, as one message; Ctrl-C came after the end.
  interrupted: ['start', 'prompt', 'text Here is the first lineHere is the first line', 'usage', 'end success'],
};

/** 0.38.2 keeps one JSON document per session, rewritten whole: a failed prompt stays in it. */
const LOG_0_38: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(LOG).filter(([name]) => !name.includes('.'))),
  'api-error-400': ['start', 'prompt', 'end incomplete'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  'overloaded-cut': ['start', 'prompt', 'end incomplete'],
  // The report `Output: … Exit Code: 1 … Process Group PGID: …` has no Command line in 0.38: the failed command is an error.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'usage', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'],
  // The CLI's own "System: Please continue." between the two replies; the stalled replies carry no token counts.
  interrupted: ['start', 'prompt', 'text Here is the first line', 'notice', 'text Here is the first line', 'end success'],  // Compressed in memory only (the lab answered its summary and check requests): the recording keeps the whole history
  // and writes nothing of the compression, so there is no compaction to show (quirk 20).
  compaction: ['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/** The lab's answer when the version offers no tool for the scenario's call. */
const NO_TOOL = ['start', 'prompt', 'text I have no tool for that here.', 'usage', 'end success'];

/**
 * 0.13.0: no todo tool and no subagent tool (the lab answers that it has none), no `--resume` (the
 * resumed scenario is its first run only); the fetch of the lab's page succeeds; every failed
 * request ends in a fatal `result` (429 and 500 too: the CLI gives up after its own retries).
 */
const STDOUT_0_13: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(STDOUT).filter(([name]) => name !== 'resumed.resume')),
  'thinking-todo': NO_TOOL,
  subagent: NO_TOOL,
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'text The status page says all systems are up.', 'usage', 'end success'],
  // The CLI refused the command ("Command rejected because it could not be parsed safely"): an error result.
  'failing-command': ['start', 'prompt', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // Ctrl-C after the first words: no `result`, the stream is cut off.
  interrupted: ['start', 'prompt', 'text Here is the first line', 'end incomplete'],
};

/** 0.13.0 keeps one JSON document per session, the calls of the turns after a reply attached to it (as 0.26). */
const LOG_0_13: Record<string, string[]> = {
  ...LOG_0_38,
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  // The reasoning is kept, then the lab's answer that it has no todo tool.
  'thinking-todo': ['start', 'prompt', 'reasoning', 'text I have no tool for that here.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'usage', 'text The status page says all systems are up.', 'usage', 'end success'],
  // One run: 0.13 has no --resume.
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'end success'],
  interrupted: ['start', 'prompt', 'end incomplete'],
};

/**
 * 0.20.0: as 0.13 (the fetch of the lab's page succeeds, the command the CLI could not parse is
 * refused, Ctrl-C cuts the stream with no `result`), but it has the todo tool and `--resume`, whose
 * run prints a stream of its own; its subagent is the `codebase_investigator` tool, whose display
 * report (`Termination Reason:` then ` ERROR_NO_COMPLETE_TASK_CALL` on the next line) is the output.
 */
const STDOUT_0_20: Record<string, string[]> = {
  ...STDOUT_0_13,
  'thinking-todo': STDOUT['thinking-todo'] as string[],
  subagent: ['start', 'prompt', 'use Task', 'result Task error', 'text The helper counted 2 files.', 'usage', 'end success'],
  'resumed.resume': STDOUT['resumed.resume'] as string[],
};

/**
 * 0.20.0 keeps one JSON document per session with the calls attached to the reply before them (as
 * 0.13); the todo call is kept between the two replies' reasoning; the resumed run rewrites the
 * first run's document, so one file holds both turns. Its codebase investigator records into the
 * document as 0.26's does (quirk 15): its task, reply, reminder and second reply, which carries the
 * call, are nested under it (legacy-subagent.test.ts).
 */
const LOG_0_20: Record<string, string[]> = {
  ...LOG_0_13,
  subagent: ['start', 'prompt', 'prompt', 'text 2 files: a.txt and b.txt.', 'usage', 'notice', 'text 2 files: a.txt and b.txt.', 'use Task', 'result Task error', 'usage', 'text The helper counted 2 files.', 'usage', 'end success'],
  'thinking-todo': ['start', 'prompt', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'usage', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  resumed: ['start', 'prompt', 'text I will remember 7.', 'usage', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * 0.26.0: the subagent tool is `delegate_to_agent` (the codebase investigator), whose display report
 * reaches stdout (quirk 14); the fetch of the lab's page succeeds (no blocked host); a 429 or a 500 is
 * retried until the lab's timeout, with nothing after the prompt; the cut stream is a fetch failure.
 */
const STDOUT_0_26: Record<string, string[]> = {
  ...STDOUT,
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'text The status page says all systems are up.', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'use Task', 'result Task error', 'text The helper counted 2 files.', 'usage', 'end success'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  // Ctrl-C after the first words: no `result`, the stream is cut off.
  interrupted: ['start', 'prompt', 'text Here is the first line', 'end incomplete'],
};

/**
 * 0.26.0 keeps one JSON document per session (as 0.38), and attaches the calls of the turns that
 * follow a reply to that reply: one model message holds all three calls, with one usage. Its
 * subagent records into the same document (quirk 15): the task, the investigator's reply, the CLI's
 * last call to call complete_task (a notice, quirk 17), and its second reply, which carries the
 * delegate_to_agent call.
 * Those four are nested under the call (legacy-subagent.test.ts checks which): one turn.
 */
const LOG_0_26: Record<string, string[]> = {
  ...LOG_0_38,
  'read-edit-run': ['start', 'prompt', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'usage', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'],
  'write-search': ['start', 'prompt', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'usage', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  'web-fetch': ['start', 'prompt', 'use WebFetch', 'result WebFetch success', 'usage', 'text The status page says all systems are up.', 'usage', 'end success'],
  subagent: ['start', 'prompt', 'prompt', 'text 2 files: a.txt and b.txt.', 'usage', 'notice', 'text 2 files: a.txt and b.txt.', 'use Task', 'result Task error', 'usage', 'text The helper counted 2 files.', 'usage', 'end success'],
  interrupted: ['start', 'prompt', 'end incomplete'],
};

/** 0.51.0: Ctrl-C ends the run (exit 0) with no `result` after the first words: the stream is cut off. */
const STDOUT_0_51: Record<string, string[]> = { ...STDOUT, interrupted: ['start', 'prompt', 'text Here is the first line', 'end incomplete'] };

/**
 * 0.51.0 keeps a failed prompt in the log (no checkpoint takes it back out),
 * and a resumed run appends to the same file: its own metadata line and
 * context, then the history restored, then its turn.
 */
const LOG_0_51: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(LOG).filter(([name]) => name !== 'resumed.second')),
  'api-error-400': ['start', 'prompt', 'end incomplete'],
  'api-error-429': ['start', 'prompt', 'end incomplete'],
  'api-error-500': ['start', 'prompt', 'end incomplete'],
  'overloaded-cut': ['start', 'prompt', 'end incomplete'],
  interrupted: ['start', 'prompt', 'end incomplete'],
  // Compressed in memory only (the lab answered its summary and check requests): the recording keeps the whole history
  // and writes nothing of the compression, so there is no compaction to show (quirk 20).
  compaction: ['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'prompt', 'text You gave me 7.', 'usage', 'end success'],
};

/**
 * 0.45.2 prints as 0.51 (Ctrl-C ends the run with no `result` after the first words), and its failed
 * command's result in stream-json is the bare output, `success`, as 0.61's.
 */
const STDOUT_0_45 = STDOUT_0_51;

/**
 * 0.45.2 writes the JSONL log as 0.61 (the session context first, each tool result sent back as a
 * `user` message of functionResponse parts, which shows nothing; the subagent in a file of its own;
 * a resumed run appended to the first file and a second file holding only the context), but keeps a
 * failed prompt, as 0.51. Its shell report is 0.38's bare form (`Output: … Exit Code: 1 … Process
 * Group PGID: …`): the failed command is an error.
 */
const LOG_0_45: Record<string, string[]> = { ...LOG, ...Object.fromEntries(['api-error-400', 'api-error-429', 'api-error-500', 'overloaded-cut', 'interrupted'].map((name) => [name, LOG_0_51[name] as string[]])) };

/**
 * 0.11.3 prints as 0.13 (no todo or subagent tool, a fetch that succeeds, the command it cannot parse
 * refused, no `--resume`), but a failed request ends in a `result` `success` with no tokens: an error
 * here (quirk 18). Its chat recording is 0.13's: one JSON document, the calls attached to the reply.
 */
const STDOUT_0_11 = STDOUT_0_13;
const LOG_0_11 = LOG_0_13;

/**
 * 0.31.0 prints and records as 0.26 (one JSON document, the calls attached to the first reply, the
 * subagent's messages in it; a 429 or a 500 retried until the lab's timeout), but its subagent is the
 * `codebase_investigator` tool itself, as 0.20's, whose report says ERROR_NO_COMPLETE_TASK_CALL.
 */
const STDOUT_0_31 = STDOUT_0_26;
const LOG_0_31 = LOG_0_26;

/** 0.16.0 prints and records as 0.20, scenario by scenario (it has `--resume`; one JSON document per session). */
const STDOUT_0_16 = STDOUT_0_20;
const LOG_0_16 = LOG_0_20;

/** 0.56.0 prints as 0.51 and logs as 0.61, but keeps an interrupted prompt and resumes into the first file alone, as 0.51. */
const STDOUT_0_56 = STDOUT_0_51;
const LOG_0_56: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(LOG).filter(([name]) => name !== 'resumed.second')),
  interrupted: ['start', 'prompt', 'end incomplete'],
};

/**
 * 0.35.3 prints as 0.51 (Ctrl-C: no `result`), its `codebase_investigator` report failed (`**Termination Reason:**
 * ERROR_NO_COMPLETE_TASK_CALL`, quirk 14); one JSON document per session as 0.38, each call on its own reply, a failed
 * or interrupted prompt kept, the subagent's messages not in it, the resumed turn added to the first run's document.
 */
const STDOUT_0_35 = { ...STDOUT_0_51, subagent: STDOUT_0_20.subagent as string[] };
const LOG_0_35 = { ...LOG_0_38, subagent: LOG.subagent as string[], interrupted: ['start', 'prompt', 'end incomplete'] };

const EXPECTED: Record<string, { stdout: Record<string, string[]>; log: Record<string, string[]> }> = {
  '0.11.3': { stdout: STDOUT_0_11, log: LOG_0_11 },
  '0.13.0': { stdout: STDOUT_0_13, log: LOG_0_13 },
  '0.16.0': { stdout: STDOUT_0_16, log: LOG_0_16 },
  '0.20.0': { stdout: STDOUT_0_20, log: LOG_0_20 },
  '0.26.0': { stdout: STDOUT_0_26, log: LOG_0_26 },
  '0.31.0': { stdout: STDOUT_0_31, log: LOG_0_31 },
  '0.35.3': { stdout: STDOUT_0_35, log: LOG_0_35 },
  '0.38.2': { stdout: STDOUT_0_38, log: LOG_0_38 },
  '0.45.2': { stdout: STDOUT_0_45, log: LOG_0_45 },
  '0.51.0': { stdout: STDOUT_0_51, log: LOG_0_51 },
  '0.56.0': { stdout: STDOUT_0_56, log: LOG_0_56 },
  '0.61.0': { stdout: STDOUT, log: LOG },
};

it('has expectations for every version recorded in stream-json (before 0.11: recorded-json.test.ts)', () => {
  expect(STREAM_VERSIONS('gemini')).toEqual(Object.keys(EXPECTED));
  expect(STREAM_VERSIONS('gemini-log')).toEqual(Object.keys(EXPECTED));
});

describe.each(STREAM_VERSIONS('gemini'))('Gemini CLI %s -p --output-format stream-json, recorded', (version) => {
  const dir = recordedDir('gemini', version);
  // The same scenarios run in `--output-format json` (`<scenario>~json.json`) are read by recorded-json.test.ts.
  const files = recordedStreams(dir);

  it.each(files)('%s replays with every line read', (file) => {
    const replay = replayLines(geminiSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.stdout[streamScenario(file)]);
  });
});

/** Which expectation a chat file meets: the scenario's main session, its second file, or a subagent's. */
function logKey(file: string, files: readonly string[]): string {
  const scenario = file.split('/')[0] as string;
  if (!file.includes('/chats/session-')) return `${scenario}.child`;
  const sessions = files.filter((other) => other.startsWith(`${scenario}/`) && other.includes('/chats/session-')).sort();
  return sessions.indexOf(file) === 0 ? scenario : `${scenario}.second`;
}

describe.each(STREAM_VERSIONS('gemini-log'))('Gemini CLI %s chat recordings, recorded', (version) => {
  const dir = recordedDir('gemini-log', version);
  // 0.39 on write JSONL; 0.38 and before one JSON document per session.
  const logs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.jsonl') || file.endsWith('.json'));

  it.each(logs)('%s replays with every line read', (file) => {
    const replay = replayLines(geminiLogSource, readFileSync(join(dir, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.unexplained]).toEqual([0, 0, 0]);
    expect(briefs(replay.events)).toEqual(EXPECTED[version]?.log[logKey(file, logs)]);
  });
});
