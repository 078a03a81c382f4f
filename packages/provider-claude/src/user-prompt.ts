import type { DisplayEvent, LineContext, NoticeDisplayEvent, PromptDisplayEvent } from '@x/core';
import { ownField, stringField } from '@x/core/provider-utils';

/*
 * What a person typed, as Claude Code records it in a `user` message: in a
 * session transcript, and echoed on stdout with `--replay-user-messages`.
 * Slash commands are written as tagged text
 * (`<command-name>/init</command-name><command-args>...</command-args>`),
 * their output as `<local-command-stdout>`, and an interruption as the text
 * "[Request interrupted by user]" (session-logs notes, Claude section).
 */

const COMMAND_NAME = /<command-name>([\s\S]*?)<\/command-name>/;
const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;
const LOCAL_OUTPUT = /^\s*<local-command-(stdout|stderr)>([\s\S]*?)<\/local-command-\1>\s*$/;
const INTERRUPT = /^\[(Request interrupted by user[^\]]*)\]$/;

/**
 * The text of a user message's content when it is something a person typed:
 * a string, or text (and image) blocks with no `tool_result`. Images become
 * `[image]`, so that a prompt made of a screenshot still shows. `undefined`
 * for tool results and for content with no text.
 */
export function userTextOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const parts: string[] = [];
  for (const block of content) {
    const type = stringField(block, 'type');
    if (type === 'tool_result') return undefined;
    if (type === 'text') parts.push(stringField(block, 'text') ?? '');
    else if (type === 'image') parts.push('[image]');
  }
  return parts.length === 0 ? undefined : parts.join('\n');
}

/**
 * The event a typed user text stands for: a `prompt` event (form `command`
 * for a slash command, `interrupt` for an interruption, else `prompt`), or a
 * `notice` with a slash command's local output. `undefined` for empty text.
 */
export function userTextEvent(text: string): PromptDisplayEvent | NoticeDisplayEvent | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const output = LOCAL_OUTPUT.exec(trimmed);
  if (output !== null) {
    const body = (output[2] as string).trim();
    const stderr = output[1] === 'stderr';
    return { kind: 'notice', level: stderr ? 'warning' : 'info', message: body === '' ? '(no output)' : body, code: 'local_command' };
  }
  const interrupt = INTERRUPT.exec(trimmed);
  if (interrupt !== null) return { kind: 'prompt', form: 'interrupt', text: interrupt[1] as string };
  const name = COMMAND_NAME.exec(trimmed);
  if (name !== null) {
    const args = (COMMAND_ARGS.exec(trimmed)?.[1] ?? '').trim();
    const command = (name[1] as string).trim();
    return { kind: 'prompt', form: 'command', text: args === '' ? command : `${command} ${args}` };
  }
  return { kind: 'prompt', form: 'prompt', text };
}

/**
 * A stream-json `user` line as typed input, if it is one: with
 * `--replay-user-messages` the CLI echoes what was sent in (`isReplay`), and
 * that is the only place stdout holds the person's prompt. Text with a
 * `parent_tool_use_id` is a subagent's prompt, already the input of its Task
 * call, and is ignored. Text the CLI made itself is marked `isSynthetic`
 * (2.1.332 sets it from the transcript's `isMeta`, `isVisibleInTranscriptOnly`
 * or `isCompactSummary`: the summary printed after a `compact_boundary` line,
 * fixtures/claude/recorded/2.1.332/compaction.compact.jsonl) and is ignored as
 * the transcript's is; older versions do not mark that summary, which is the
 * first user text after the boundary (`summary`, quirk 24). `undefined` when
 * the line holds tool results.
 */
export function streamUserEvents(line: Record<string, unknown>, content: unknown, parent: string | null | undefined, context: LineContext, summary = false): DisplayEvent[] | undefined {
  const text = userTextOf(content);
  if (text === undefined) return undefined;
  if (ownField(line, 'isSynthetic') === true || summary) {
    context.ignore('text the CLI made (isSynthetic: a compaction summary, or injected context), not typed by the person');
    return [];
  }
  const event = parent ? undefined : userTextEvent(text);
  if (event === undefined) {
    context.ignore(parent ? "a subagent's prompt: the input of its Task call" : 'empty user message');
    return [];
  }
  const id = stringField(line, 'uuid');
  if (event.kind === 'prompt' && id !== undefined) event.id = id;
  return [event];
}
