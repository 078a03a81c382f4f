import type { NoticeDisplayEvent } from './display-event.js';
import { compactKey } from './recent-keys.js';

/*
 * What ran is what is shown. A provider may report a call's input again
 * when the call completes (Codex `item.completed`, OpenCode's completed tool
 * part), and that input can differ from the one announced at its start; a
 * provider may also start a second call under an id still open. The tracker
 * keeps a key of the input it announced and, here, says when either happens.
 */

/**
 * The longest input JSON kept as its own key. A longer one is kept as its
 * length and hash (`compactKey`); up to this the text itself is compared,
 * which spares hashing the input twice per call (x-bench, Codex: a
 * command's input is 100-150 characters of JSON). The key is counted in the open
 * call's bytes, so the tracker's byte budget still bounds it.
 */
const INPUT_KEY_MAX_CHARS = 1024;

/** What a call in flight keeps to tell whether its final input differs: a key of the input announced (its JSON, or a hash past {@link INPUT_KEY_MAX_CHARS}). */
export function inputKey(input: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(input);
  } catch {
    // Inputs are decoded JSON; anything else is keyed by its type alone.
    text = undefined;
  }
  const key = text ?? `<${typeof input}>`;
  return key.length <= INPUT_KEY_MAX_CHARS ? key : compactKey(key);
}

/** A call, as a notice names it. */
interface CallNamed {
  id: string;
  name: string;
  parentToolUseId?: string | undefined;
}

const quoted = (arg: string) => (arg === '' ? '(no preview)' : `"${arg}"`);

function notice(call: CallNamed, code: string, message: string): NoticeDisplayEvent {
  const event: NoticeDisplayEvent = { kind: 'notice', level: 'warning', message, code };
  if (call.parentToolUseId !== undefined) event.parentToolUseId = call.parentToolUseId;
  return event;
}

/** The warning that a call's input changed between its start and its completion: both previews, and what is shown. */
export function inputChangedNotice(call: CallNamed, startArg: string, finalArg: string): NoticeDisplayEvent {
  const previews = startArg === finalArg ? `both previewed as ${quoted(finalArg)}, the inputs differ further on` : `started as ${quoted(startArg)}, completed as ${quoted(finalArg)}`;
  return notice(call, 'tool_input_changed', `The input of ${call.name} call ${call.id} changed between its start and its completion (${previews}); its result shows the input it completed with`);
}

/** The warning that a call started under the id of a call still open, which will then never show a result. */
export function idReusedNotice(call: CallNamed, raw: string, first: { name: string; arg: string }): NoticeDisplayEvent {
  return notice(call, 'tool_id_reused', `A second call started under id ${raw} while ${first.name} ${quoted(first.arg)} was still running; it is shown as ${call.id}, and results for ${raw} go to it`);
}
