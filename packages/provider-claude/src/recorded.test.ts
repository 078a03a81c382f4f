// The real Claude Code CLI, recorded by the capture lab (lab/, `pnpm capture
// claude`): every scenario of every recorded version replays with no line
// unknown, malformed or cut off, and shows what the CLI did. The expected
// sequences below were derived by hand from the recordings (read line by line
// against lab/src/scenarios.ts), not dumped from the parser.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../tooling/fixtures.js';
import { briefs, compareVersions, recordedVersions } from '../../../tooling/recorded.js';
import { claudeLogSource } from './log-source.js';
import { claudeSource } from './source.js';

const STREAMS = join(FIXTURES_DIR, 'claude', 'recorded');
const LOGS = join(FIXTURES_DIR, 'claude-log', 'recorded');
const VERSIONS = recordedVersions('claude');

const READ_EDIT_RUN = ['start', 'text I will read the file first.', 'use Read', 'result Read success', 'use Edit', 'result Edit success', 'use Bash', 'result Bash success', 'text Fixed: `Helo` is now `Hello`.', 'usage', 'end success'];
/** 1.0.109, 1.0.128 and 2.0.34 write the failure as a <synthetic> reply with no `error` field, 2.0.50 on with one: shown once either way. */
const API_ERROR = ['start', 'error', 'usage', 'end error'];

/** A background subagent whose Bash call prints before the main answer and its result after it (2.1.200, 2.1.243, 2.1.287). */
const BACKGROUND_SUBAGENT = [
  'start',
  'use Task',
  'result Task success',
  'use Bash',
  'text The helper counted 2 files.',
  'result Bash success',
  'text 2 files: a.txt and b.txt.',
  'text The helper counted 2 files.',
  'usage',
  'usage',
  'end success',
];

/** What each scenario shows, the same for every version unless a version is named. */
const EXPECTED: Record<string, string[] | Record<string, string[]>> = {
  'plain-answer': ['start', 'text It is **42**.', 'usage', 'end success'],
  'read-edit-run': READ_EDIT_RUN,
  // 1.0.109 to 2.1.100 (2.0.12, 2.0.50, 2.1.25 and 2.1.61 too) offer Grep and Glob; 2.1.200, 2.1.243, 2.1.287 and 2.1.332 do not, and the lab searches with Bash there.
  'write-search': {
    '0.2.70': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '0.2.100': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '0.2.114': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '0.2.126': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.0': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.17': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.30': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.60': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.90': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.109': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '1.0.128': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.0.12': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.0.34': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.0.50': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.0.77': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.25': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.61': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.100': ['start', 'use Write', 'result Write success', 'use Grep', 'result Grep success', 'use Glob', 'result Glob success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.200': ['start', 'use Write', 'result Write success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.243': ['start', 'use Write', 'result Write success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.287': ['start', 'use Write', 'result Write success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
    '2.1.332': ['start', 'use Write', 'result Write success', 'use Bash', 'result Bash success', 'use Bash', 'result Bash success', 'text NOTES.md is written; greet is in src/greet.ts.', 'usage', 'end success'],
  },
  // The command exits 1: the call failed, the run did not.
  'failing-command': ['start', 'use Bash', 'result Bash error', 'text The tests fail: greet.test.ts.', 'usage', 'end success'],
  // 2.1.100 still runs TodoWrite in print mode; 2.1.200, 2.1.243, 2.1.287 and 2.1.332 have none and refuse it ("No such tool available").
  'thinking-todo': {
    // 0.2.100 and 0.2.70 throw at an answer that starts with thinking ("Expected first content item to be text") and hang
    // until the lab's timeout kills them: no summary, the run cut off. 0.2.70 has no TodoWrite in print mode ("No such tool").
    '0.2.70': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite error', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end incomplete'],
    '0.2.100': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end incomplete'],
    '0.2.114': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '0.2.126': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.0': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.17': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.30': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.60': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.90': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.109': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '1.0.128': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.0.12': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.0.34': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.0.50': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.0.77': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.25': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.61': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.100': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite success', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.200': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite error', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.243': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite error', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.287': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite error', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
    '2.1.332': ['start', 'reasoning', 'use TodoWrite', 'result TodoWrite error', 'reasoning', 'text Two steps: the changelog, then the tag.', 'usage', 'end success'],
  },
  // WebFetch refuses a plain-http loopback URL: the call fails, as the CLI printed it.
  'web-fetch': ['start', 'use WebFetch', 'result WebFetch error', 'text The status page says all systems are up.', 'usage', 'end success'],
  // 1.0.109 to 2.1.100 run the subagent inside the call (2.1.61 says so in a system/task_started line, which shows nothing; 2.1.100 calls it Agent and reports it in
  // system/task_started|task_progress|task_notification lines, which show nothing); 2.1.200, 2.1.243, 2.1.287 and 2.1.332 start it in the background, answer at once,
  // then take a second turn (a new init within the open turn) when the subagent's notification arrives. Both results
  // come after the second turn's answer: one session holds both turns and ends at the second result, the model's
  // answer shown each time the model gave it and never rebuilt from a result. 2.1.200, 2.1.243 and 2.1.287 print the subagent's
  // Bash call before the main answer, its result after it.
  subagent: {
    // Before 1.0.17 lines have no parent_tool_use_id and the subagent's own lines are not printed: the call and its result alone.
    // 0.2.70's dispatch_agent (shown as Task) runs the subagent, then fails: "Cannot read properties of undefined (reading 'filename')".
    '0.2.70': ['start', 'use Task', 'result Task error', 'text The helper counted 2 files.', 'usage', 'end success'],
    '0.2.100': ['start', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '0.2.114': ['start', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '0.2.126': ['start', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.0': ['start', 'use Task', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.17': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.30': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.60': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.90': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.109': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '1.0.128': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.0.12': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.0.34': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.0.50': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.0.77': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.1.25': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.1.61': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.1.100': ['start', 'use Task', 'use Bash', 'result Bash success', 'result Task success', 'text The helper counted 2 files.', 'usage', 'end success'],
    '2.1.200': BACKGROUND_SUBAGENT,
    '2.1.243': BACKGROUND_SUBAGENT,
    '2.1.287': BACKGROUND_SUBAGENT,
    '2.1.332': [
      'start',
      'use Task',
      'result Task success',
      'text The helper counted 2 files.',
      'use Bash',
      'result Bash success',
      'text 2 files: a.txt and b.txt.',
      'text The helper counted 2 files.',
      'usage',
      'usage',
      'end success',
    ],
  },
  // 2.1.243 and 2.1.332 say why (a system/permission_denied line) before the refusal reaches the call (2.1.200 does not); all but 1.0.60 and 1.0.30 end with the
  // denial notice: their result has no `permission_denials`, only the call's error result says it was refused.
  // 2.1.100 refuses the rm with its own words ("rm in '…/build' was blocked. For security, …"), an error result all the same.
  // 2.1.287 starts in permissionMode "auto" and runs the rm ("(Bash completed with no output)", no denial in its result),
  // and warns in a system/informational line that its auto mode's classifier is billed through the lab's server: a notice.
  'permission-denied': {
    '0.2.70': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '0.2.100': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '0.2.114': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '0.2.126': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '1.0.0': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '1.0.17': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '1.0.30': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '1.0.60': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '1.0.90': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '1.0.109': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '1.0.128': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.0.12': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.0.34': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.0.50': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.0.77': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.1.25': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.1.61': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.1.100': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.1.200': ['start', 'use Bash', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.1.243': ['start', 'use Bash', 'notice', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
    '2.1.287': ['start', 'use Bash', 'notice', 'result Bash success', 'text I was not allowed to delete it.', 'usage', 'end success'],
    '2.1.332': ['start', 'use Bash', 'notice', 'result Bash error', 'text I was not allowed to delete it.', 'notice', 'usage', 'end success'],
  },
  'api-error-400': API_ERROR,
  'api-error-429': API_ERROR,
  'api-error-500': API_ERROR,
  'overloaded-cut': API_ERROR,
  // 0.2.126 to 1.0.30, 1.0.109, 1.0.128, 2.0.12, 2.0.34, 2.0.50, 2.0.77, 2.1.25 and 2.1.61 are killed by the interrupt before they print anything but their init: the stream is cut off.
  interrupted: {
    // 0.2.70, 0.2.100 and 0.2.114 print nothing before their first answer (no init before 0.2.117): an empty recording.
    '0.2.70': [],
    '0.2.100': [],
    '0.2.114': [],
    '0.2.126': ['start', 'end incomplete'],
    '1.0.0': ['start', 'end incomplete'],
    '1.0.17': ['start', 'end incomplete'],
    '1.0.30': ['start', 'end incomplete'],
    '1.0.60': ['start', 'end incomplete'],
    '1.0.90': ['start', 'end incomplete'],
    '1.0.109': ['start', 'end incomplete'],
    '1.0.128': ['start', 'end incomplete'],
    '2.0.12': ['start', 'end incomplete'],
    '2.0.34': ['start', 'end incomplete'],
    '2.0.50': ['start', 'end incomplete'],
    '2.0.77': ['start', 'end incomplete'],
    '2.1.25': ['start', 'end incomplete'],
    '2.1.61': ['start', 'end incomplete'],
    // 2.1.200, 2.1.243, 2.1.287 and 2.1.332 write the interrupt as a user line ("[Request interrupted by user]") and an
    // error_during_execution result with `terminal_reason: "aborted_streaming"` whose only error is the CLI's
    // `[ede_diagnostic] …` note: a cancelled run, the note an info notice (quirk 21). 2.1.100 ends the run the same
    // way, but the stalled text never reached a complete assistant line: no text.
    '2.1.100': ['start', 'prompt', 'notice', 'usage', 'end cancelled'],
    '2.1.200': ['start', 'text Here is the first line', 'prompt', 'notice', 'usage', 'end cancelled'],
    '2.1.243': ['start', 'text Here is the first line', 'prompt', 'notice', 'usage', 'end cancelled'],
    '2.1.287': ['start', 'text Here is the first line', 'prompt', 'notice', 'usage', 'end cancelled'],
    '2.1.332': ['start', 'text Here is the first line', 'prompt', 'notice', 'usage', 'end cancelled'],
  },
  'partial-messages': ['start', 'text Reading it now.', 'use Read', 'result Read success', 'text It is a small demo project.', 'usage', 'end success'],
  resumed: ['start', 'text I will remember 7.', 'usage', 'end success'],
  'resumed.resume': ['start', 'text You gave me 7.', 'usage', 'end success'],
  // The session compacted by a resumed run whose prompt is `/compact` (2.1.332 on; lab/README.md): its stdout is the
  // compact_boundary (a notice) and the command's output ("Compacted", a notice); the summary between them is
  // `isSynthetic`, not a prompt.
  compaction: ['start', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'usage', 'end success'],
  'compaction.compact': ['start', 'notice', 'notice', 'usage', 'end success'],
  'compaction.resume': ['start', 'text You gave me 7.', 'usage', 'end success'],
};

/** The first version recorded with the compaction scenario: older ones were recorded before it existed, but for {@link COMPACTION_ALSO}. */
const COMPACTION_SINCE = '2.1.332';

/** Older versions recorded with the compaction scenario afterwards. */
const COMPACTION_ALSO: ReadonlySet<string> = new Set(['1.0.128', '2.0.77']);

/** The first version with `--include-partial-messages`: the lab skips the partial-messages scenario before it (lab/src/agents/claude.ts). */
const PARTIAL_SINCE = '1.0.109';

/**
 * The first version whose output names its session, which the lab resumes: 0.2.70 and 0.2.100 print no session id
 * (0.2.100 refuses `--resume` with `--print`, 0.2.70 has no `--resume`), so their resumed scenario is the first run
 * alone; 0.2.114 is resumed.
 */
const RESUMED_SINCE = '0.2.114';

/** The scenarios the lab records for a version. */
function scenariosOf(version: string): string[] {
  return Object.keys(EXPECTED).filter(
    (scenario) =>
      (scenario !== 'partial-messages' || compareVersions(version, PARTIAL_SINCE) >= 0) &&
      (scenario !== 'resumed.resume' || compareVersions(version, RESUMED_SINCE) >= 0) &&
      (!scenario.startsWith('compaction') || compareVersions(version, COMPACTION_SINCE) >= 0 || COMPACTION_ALSO.has(version)),
  );
}

/** A run retried until the lab's timeout killed it: its init, then nothing, a run cut off. */
const RETRIED = { 'api-error-429': ['start', 'end incomplete'], 'api-error-500': ['start', 'end incomplete'], 'overloaded-cut': ['start', 'end incomplete'] };

/**
 * Where one version shows something else than a scenario's expectation for every version. 0.2.114 to 1.0.30
 * retry a 429, a 500 and an overloaded stream (they ignore CLAUDE_CODE_MAX_RETRIES) until the lab's timeout
 * kills them; 0.2.70, 0.2.100 and 0.2.114, with no init before their first answer, printed nothing at all then.
 */
const VERSION_EXCEPTIONS: Record<string, Record<string, string[]>> = {
  '0.2.70': { 'api-error-429': [], 'api-error-500': [], 'overloaded-cut': [] },
  '0.2.100': { 'api-error-429': [], 'api-error-500': [], 'overloaded-cut': [] },
  '0.2.114': { 'api-error-429': [], 'api-error-500': [], 'overloaded-cut': [] },
  '0.2.126': RETRIED,
  '1.0.0': RETRIED,
  '1.0.17': RETRIED,
  '1.0.30': RETRIED,
};

function expectedFor(scenario: string, version: string): string[] | undefined {
  const exception = VERSION_EXCEPTIONS[version]?.[scenario];
  if (exception !== undefined) return exception;
  const expected = EXPECTED[scenario];
  return Array.isArray(expected) ? expected : expected?.[version];
}

describe.each(VERSIONS)('Claude Code %s, recorded', (version) => {
  const files = readdirSync(join(STREAMS, version)).filter((file) => file.endsWith('.jsonl'));

  it('has a recording of every scenario the lab runs', () => {
    expect(files.map((file) => file.replace(/\.jsonl$/, '')).sort()).toEqual(scenariosOf(version).sort());
  });

  it.each(files)('%s replays with every line read, showing what the CLI did', (file) => {
    const replay = replayLines(claudeSource, readFileSync(join(STREAMS, version, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored')).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
    expect(briefs(replay.events)).toEqual(expectedFor(file.replace(/\.jsonl$/, ''), version));
  });

  it('names its version on the session start, where its init has one', () => {
    const replay = replayLines(claudeSource, readFileSync(join(STREAMS, version, 'plain-answer.jsonl'), 'utf8').split('\n'));
    // The inits of 1.0.109, 1.0.128 and 2.0.12 have no claude_code_version; 0.2.114 and older print no init.
    if (version.startsWith('0.') || version.startsWith('1.0.') || version === '2.0.12') expect(replay.events[0]).not.toHaveProperty('agentVersion');
    else expect(replay.events[0]).toMatchObject({ kind: 'session', phase: 'start', agentVersion: version });
  });

  it("reads the run's cost under the name its version gives it (cost_usd and total_cost up to 1.0.17, total_cost_usd from 1.0.30)", () => {
    const replay = replayLines(claudeSource, readFileSync(join(STREAMS, version, 'plain-answer.jsonl'), 'utf8').split('\n'));
    const costs = replay.events.flatMap((event) => (event.kind === 'usage' && event.cumulative ? [event.costUsd] : []));
    expect(costs).toEqual([expect.any(Number)]);
    expect(costs[0]).toBeGreaterThan(0);
  });
});

/**
 * Versions that write no transcript under ~/.claude/projects, so the lab records none: 0.2.100 keeps its
 * sessions in a SQLite database (~/.claude/__store.db), 0.2.70 in JSON files under ~/.cache/claude-cli-nodejs
 * (docs/formats/claude-log.md); no source reads either.
 */
const NO_TRANSCRIPTS = ['0.2.70', '0.2.100'];

it('has session logs of every recorded version that writes transcripts', () => {
  expect(recordedVersions('claude-log')).toEqual(VERSIONS.filter((version) => !NO_TRANSCRIPTS.includes(version)));
});

it('shows a compaction the same on stdout and in the session log: a compaction notice, the summary not a prompt (2.1.332)', () => {
  const stream = ['compaction', 'compaction.compact', 'compaction.resume'].flatMap((name) => replayLines(claudeSource, readFileSync(join(STREAMS, '2.1.332', `${name}.jsonl`), 'utf8').split('\n')).events);
  const [log] = readdirSync(join(LOGS, '2.1.332', 'compaction'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.jsonl'));
  const logEvents = replayLines(claudeLogSource, readFileSync(join(LOGS, '2.1.332', 'compaction', log as string), 'utf8').split('\n')).events;
  const compactions = (events: typeof stream) => events.flatMap((event) => (event.kind === 'notice' && event.code === 'compaction' ? [event.message] : []));
  expect(compactions(stream)).toEqual(['Conversation compacted (manual, 2042 tokens before, 2550 after)']);
  expect(compactions(logEvents)).toEqual(compactions(stream));
  // The transcript holds the typed prompts and the command; the summary it also holds is not one of them.
  expect(logEvents.flatMap((event) => (event.kind === 'prompt' ? [`${event.form} ${event.text}`] : []))).toEqual(['prompt Remember the number 7.', 'command /compact', 'prompt What number did I give you?']);
  expect(briefs(logEvents)).toEqual(['start', 'prompt', 'text I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.', 'notice', 'prompt', 'notice', 'prompt', 'text You gave me 7.', 'usage', 'end success']);
});

it.each(['1.0.128', '2.0.77'])('shows %s’s compaction as 2.1.332’s: the notice (no tokens after written), the unmarked summary after the boundary not a prompt (quirk 24)', (version) => {
  const stream = replayLines(claudeSource, readFileSync(join(STREAMS, version, 'compaction.compact.jsonl'), 'utf8').split('\n')).events;
  const dir = join(LOGS, version, 'compaction');
  const logs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.jsonl'));
  const log = logs.map((file) => readFileSync(join(dir, file), 'utf8')).find((text) => text.includes('"compact_boundary"')) ?? '';
  const logEvents = replayLines(claudeLogSource, log.split('\n')).events;
  const compactions = (events: typeof stream) => events.flatMap((event) => (event.kind === 'notice' && event.code === 'compaction' ? [event.message] : []));
  expect(compactions(stream)).toEqual(['Conversation compacted (manual, 2042 tokens before)']);
  expect(compactions(logEvents)).toEqual(compactions(stream));
  expect(stream.filter((event) => event.kind === 'prompt')).toEqual([]);
});

describe.each(recordedVersions('claude-log'))('Claude Code %s session logs, recorded', (version) => {
  const logs = readdirSync(join(LOGS, version), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.jsonl'));

  it.each(logs)('%s replays with no line unknown, malformed or cut off', (file) => {
    const replay = replayLines(claudeLogSource, readFileSync(join(LOGS, version, file), 'utf8').split('\n'));
    expect(replay.diagnostics.filter((d) => d.outcome !== 'ignored').map((d) => d.reason)).toEqual([]);
    expect([replay.accounting.unknown, replay.accounting.malformed, replay.accounting.partial, replay.accounting.unexplained]).toEqual([0, 0, 0, 0]);
  });

  it("shows the main session's prompt, calls and answer, as the stream did", () => {
    const [log] = logs.filter((file) => file.startsWith('read-edit-run/') && !file.includes('agent-') && !file.includes('subagents'));
    const replay = replayLines(claudeLogSource, readFileSync(join(LOGS, version, log as string), 'utf8').split('\n'));
    const shown = briefs(replay.events).filter((line) => line.startsWith('use') || line.startsWith('result') || line.startsWith('text') || line === 'prompt');
    expect(shown).toEqual(['prompt', ...READ_EDIT_RUN.filter((line) => line.startsWith('use') || line.startsWith('result') || line.startsWith('text'))]);
  });
});
