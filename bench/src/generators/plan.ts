import type { Content } from '../content.js';
import type { PlannedWriter, WireWriter } from './types.js';

/**
 * One round of an agent's work, provider-neutral: what it thought, said and
 * did. Every provider's generator writes the same plan in its own wire format,
 * so the streams share one mix of work and differ only in how they carry it.
 */
export type ToolType = 'read' | 'bash' | 'grep' | 'glob' | 'edit' | 'write';

export interface PlannedCall {
  type: ToolType;
  path: string;
  /** bash: the command; grep/glob: the pattern. */
  command: string;
  /** read: the file; edit: the whole file before the edit; write: what is written. */
  file: string;
  /** bash/grep/glob: what the tool printed. */
  output: string;
  oldString: string;
  newString: string;
  /** Set when the call failed. */
  error: string | undefined;
}

export interface Round {
  thought: string | undefined;
  text: string;
  calls: PlannedCall[];
}

/** What share of calls each tool takes, after the tool use of real coding runs: reads and commands dominate. */
const TOOL_TYPES: readonly ToolType[] = ['read', 'bash', 'edit', 'grep', 'glob', 'write'];
const TOOL_WEIGHTS = [30, 25, 15, 12, 6, 7];

/** How many rounds make a turn (a `result`, `turn.completed`, ... then a new turn). */
export const ROUNDS_PER_TURN = 40;

export function planCall(content: Content): PlannedCall {
  const { random } = content;
  const type = TOOL_TYPES[random.weighted(TOOL_WEIGHTS)] as ToolType;
  const call: PlannedCall = { type, path: content.path(), command: '', file: '', output: '', oldString: '', newString: '', error: undefined };
  if (random.chance(0.03)) {
    call.error = random.pick(['File does not exist.', 'Command timed out after 120000ms', 'Permission denied', 'String to replace not found in file.']);
  }
  switch (type) {
    case 'read':
      call.file = content.file(content.size('file'));
      break;
    case 'bash':
      call.command = content.command();
      call.output = content.output(content.size('output'));
      break;
    case 'grep':
      call.command = random.pick(['retry\\(', 'TODO', 'loadConfig', 'export function', 'slugify']);
      call.output = content.matches(random.logInt(1, 120));
      break;
    case 'glob':
      call.command = random.pick(['src/**/*.ts', '**/*.test.ts', 'packages/*/package.json']);
      call.output = content.matches(random.logInt(1, 60)).replace(/:\d+:.*$/gm, '');
      break;
    case 'edit':
      call.file = content.file(content.size('file'));
      call.oldString = content.file(content.size('edit'));
      call.newString = content.file(content.size('edit'));
      break;
    case 'write':
      call.file = content.file(content.size('write'));
      break;
  }
  return call;
}

export function planRound(content: Content): Round {
  const { random } = content;
  const calls = [planCall(content)];
  // Now and then the model asks for two calls at once.
  if (random.chance(0.15)) calls.push(planCall(content));
  return {
    thought: random.chance(0.5) ? content.thought(content.size('thought')) : undefined,
    text: content.prose(content.size('text')),
    calls,
  };
}

/** The writer of a synthetic stream: each round is planned here, then written in the provider's format. */
export function planned(content: Content, writer: PlannedWriter): WireWriter {
  return { start: () => writer.start(), round: (n) => writer.round(planRound(content), n), end: () => writer.end() };
}
