import type { Step } from './step.js';

/**
 * The scenarios every agent runs. Each names what it is there to record,
 * seeds the working folder, gives the prompt, and scripts the model's steps:
 * the server answers a request with the step whose index is the number of
 * answers the request already carries (src/protocols/ count them), so a run
 * is the same whatever the agent sends besides.
 */
export interface Scenario {
  name: string;
  covers: string;
  prompt: string;
  files?: Record<string, string>;
  steps: readonly Step[];
  /** The steps of a subagent's own conversation: a request whose first user message holds a task's prompt. */
  subagentSteps?: readonly Step[];
  /**
   * The conversation is compacted between the first prompt and the resumed
   * one (`run.resume`): the agent's summarisation request is answered with
   * `summary`, and a later request that carries the summary stands for the
   * `answersBefore` answers it replaced. How a CLI is made to compact is its
   * profile's (`compactPrompt`, or its configuration).
   */
  compaction?: { summary: string; answersBefore: number };
  /** How the run differs from a plain one. */
  run?: {
    /** Interrupted with SIGINT once the stream stalls. */
    interrupt?: boolean;
    /** Token-level partial messages, where the CLI has them. */
    partial?: boolean;
    /** Tools are not pre-approved: a call the agent asks permission for is refused. */
    ask?: boolean;
    /** Run again, resuming the session, with this prompt. */
    resume?: string;
  };
}

const GREET = "export function greet(name: string): string {\n  return 'Helo, ' + name;\n}\n";

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'plain-answer',
    covers: 'one text answer, no tool',
    prompt: 'What is 6 times 7?',
    steps: [{ kind: 'answer', text: 'It is **42**.' }],
  },
  {
    name: 'read-edit-run',
    covers: 'read, edit and a successful shell command, then an answer',
    prompt: 'Fix the typo in src/greet.ts and show me the file.',
    files: { 'src/greet.ts': GREET },
    steps: [
      { kind: 'answer', text: 'I will read the file first.', calls: [{ kind: 'read', path: 'src/greet.ts' }] },
      { kind: 'answer', calls: [{ kind: 'edit', path: 'src/greet.ts', old: "'Helo, '", new: "'Hello, '" }] },
      { kind: 'answer', calls: [{ kind: 'shell', command: 'cat src/greet.ts' }] },
      { kind: 'answer', text: 'Fixed: `Helo` is now `Hello`.' },
    ],
  },
  {
    name: 'write-search',
    covers: 'a file written, a search by content and one by name',
    prompt: 'Add a NOTES.md and find where greet is defined.',
    files: { 'src/greet.ts': GREET },
    steps: [
      { kind: 'answer', calls: [{ kind: 'write', path: 'NOTES.md', content: '# Notes\n\n- greet says hello\n' }] },
      { kind: 'answer', calls: [{ kind: 'grep', pattern: 'function greet' }] },
      { kind: 'answer', calls: [{ kind: 'glob', pattern: '**/*.ts' }] },
      { kind: 'answer', text: 'NOTES.md is written; greet is in src/greet.ts.' },
    ],
  },
  {
    name: 'failing-command',
    covers: 'a shell command that exits 1, and the answer after it',
    prompt: 'Run the tests.',
    steps: [
      { kind: 'answer', calls: [{ kind: 'shell', command: "echo 'FAIL greet.test.ts' >&2; exit 1" }] },
      { kind: 'answer', text: 'The tests fail: greet.test.ts.' },
    ],
  },
  {
    name: 'thinking-todo',
    covers: 'reasoning before the answer, and a todo list',
    prompt: 'Plan the release.',
    steps: [
      { kind: 'answer', thinking: 'The release needs a changelog and a tag.', calls: [{ kind: 'todo', items: ['Write the changelog', 'Tag the release'] }] },
      { kind: 'answer', thinking: 'The plan is in place.', text: 'Two steps: the changelog, then the tag.' },
    ],
  },
  {
    name: 'web-fetch',
    covers: 'a page fetched (from the lab server on 127.0.0.1)',
    prompt: 'What does the status page say?',
    steps: [
      { kind: 'answer', calls: [{ kind: 'fetch', path: '/status.html' }] },
      { kind: 'answer', text: 'The status page says all systems are up.' },
    ],
  },
  {
    name: 'subagent',
    covers: 'a subagent (task) with its own tool call, nested under the call',
    prompt: 'Ask a helper to count the files.',
    files: { 'a.txt': 'a\n', 'b.txt': 'b\n' },
    steps: [
      { kind: 'answer', calls: [{ kind: 'task', description: 'Count files', prompt: 'Count the files in the working folder.' }] },
      { kind: 'answer', text: 'The helper counted 2 files.' },
    ],
    subagentSteps: [{ kind: 'answer', calls: [{ kind: 'shell', command: 'ls' }] }, { kind: 'answer', text: '2 files: a.txt and b.txt.' }],
  },
  {
    name: 'permission-denied',
    covers: 'a call the agent refuses because it was not approved',
    prompt: 'Delete the build folder.',
    run: { ask: true },
    steps: [
      { kind: 'answer', calls: [{ kind: 'shell', command: 'rm -rf build' }] },
      { kind: 'answer', text: 'I was not allowed to delete it.' },
    ],
  },
  { name: 'api-error-400', covers: 'the model API refuses the request (400)', prompt: 'Hello', steps: [{ kind: 'http-error', status: 400, message: 'prompt is too long' }] },
  { name: 'api-error-429', covers: 'the model API is rate-limited (429)', prompt: 'Hello', steps: [{ kind: 'http-error', status: 429, message: 'rate limit exceeded' }] },
  { name: 'api-error-500', covers: 'the model API fails (500)', prompt: 'Hello', steps: [{ kind: 'http-error', status: 500, message: 'internal server error' }] },
  { name: 'overloaded-cut', covers: 'a stream that breaks off with an overloaded error', prompt: 'Hello', steps: [{ kind: 'cut', text: 'Let me start' }] },
  {
    name: 'interrupted',
    covers: 'a run interrupted with SIGINT while the model streams',
    prompt: 'Write a long essay.',
    run: { interrupt: true },
    steps: [{ kind: 'stall', text: 'Here is the first line' }],
  },
  {
    name: 'partial-messages',
    covers: 'token-level partial messages, where the CLI has them',
    prompt: 'Read the README.',
    files: { 'README.md': '# Demo\n\nA small project.\n' },
    run: { partial: true },
    steps: [
      { kind: 'answer', text: 'Reading it now.', calls: [{ kind: 'read', path: 'README.md' }] },
      { kind: 'answer', text: 'It is a small demo project.' },
    ],
  },
  {
    name: 'resumed',
    covers: 'a session resumed with a second prompt',
    prompt: 'Remember the number 7.',
    run: { resume: 'What number did I give you?' },
    steps: [
      { kind: 'answer', text: 'I will remember 7.' },
      { kind: 'answer', text: 'You gave me 7.' },
    ],
  },
  {
    name: 'compaction',
    covers: 'a conversation compacted (summarised) after its first answer, then a prompt answered after the summary',
    prompt: 'Remember the number 7.',
    run: { resume: 'What number did I give you?' },
    compaction: { summary: 'The user asked me to remember the number 7, and I said I would.', answersBefore: 1 },
    steps: [
      // Longer than the summary: Gemini CLI keeps a compression only when the history it makes is smaller than the one it replaces.
      { kind: 'answer', text: 'I will remember 7: it is the number you gave me, and I will keep it in mind for as long as this conversation lasts.' },
      { kind: 'answer', text: 'You gave me 7.' },
    ],
  },
];

/**
 * What an agent's summarisation request ends in, in its own words: Claude
 * Code's compact prompt, Codex's compaction prompt, Gemini CLI's compression
 * prompt (and its check of the summary), Copilot CLI's `/compact` prompt,
 * OpenCode's compaction prompt.
 */
export const SUMMARY_REQUESTS: readonly string[] = [
  'Your task is to create a detailed summary of the conversation so far',
  'CONTEXT CHECKPOINT COMPACTION',
  '<state_snapshot>',
  'The history is being compacted',
  'summary from the conversation history',
];

/**
 * A request that is neither the scenario's conversation nor a subagent's (a
 * warm-up, a title, a check of a shell command's prefix) gets this short
 * answer, so that only the scripted conversation calls tools.
 */
export const SIDE_ANSWER: Step = { kind: 'answer', text: 'none' };

/** The step that answers a conversation: the scenario's, a subagent's when its first user message holds a task's prompt, or {@link SIDE_ANSWER}. */
export function stepFor(scenario: Scenario, conversation: { firstUserText: string; priorAnswers: number; followUpText?: string; lastUserText?: string; text?: string; tools?: readonly string[] }): Step {
  const compaction = scenario.compaction;
  if (compaction !== undefined && SUMMARY_REQUESTS.some((marker) => conversation.lastUserText?.includes(marker))) return { kind: 'answer', text: compaction.summary };
  // After a compaction the conversation opens with the summary, not the prompt, and carries no answer of those it replaced.
  const summarised = compaction !== undefined && conversation.text?.includes(compaction.summary) === true;
  const priorAnswers = conversation.priorAnswers + (summarised ? compaction.answersBefore : 0);
  const taskPrompts = scenario.steps.flatMap((step) => (step.kind === 'answer' ? (step.calls ?? []) : [])).flatMap((call) => (call.kind === 'task' ? [call.prompt] : []));
  const isSubagent = scenario.subagentSteps !== undefined && taskPrompts.some((prompt) => conversation.firstUserText.includes(prompt));
  if (!isSubagent && !summarised && !conversation.firstUserText.includes(scenario.prompt)) return SIDE_ANSWER;
  // A copy of the conversation that ends in a new question of the agent's own, not the resumed session's prompt, is a side request.
  // After a summary, in a request that offers tools (not a title's), it is the agent's note to go on (OpenCode's, whose summary holds the prompt).
  const prompts = [scenario.prompt, scenario.run?.resume].filter((prompt) => prompt !== undefined);
  const goesOn = summarised && (conversation.tools?.length ?? 0) > 0;
  if (!goesOn && conversation.followUpText !== undefined && !prompts.some((prompt) => conversation.followUpText?.includes(prompt))) return SIDE_ANSWER;
  const steps = isSubagent ? (scenario.subagentSteps ?? []) : scenario.steps;
  const last = steps[steps.length - 1];
  const step = steps[Math.min(priorAnswers, steps.length - 1)];
  if (step === undefined || last === undefined) throw new Error(`scenario ${scenario.name} has no steps`);
  // Past the script, a conversation gets the last answer without its calls, so that no run loops.
  if (priorAnswers >= steps.length && last.kind === 'answer') return { kind: 'answer', text: last.text ?? 'Done.' };
  return step;
}
