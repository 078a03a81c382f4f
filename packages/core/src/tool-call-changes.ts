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
 * The longest input key (its JSON, or the key of {@link oneStringFieldKey})
 * kept as it is; a longer one is kept as its length and hash (`compactKey`).
 * Up to this the text itself is compared, which spares hashing the input
 * twice per call (x-bench, Codex: a command's input is 100-150 characters of
 * JSON). The key is counted in the open call's bytes, so the tracker's byte
 * budget still bounds it.
 */
const INPUT_KEY_MAX_CHARS = 1024;

/**
 * The key of an input that is an object of one field holding a string (a
 * Codex command's `{ command }`, a search's `{ query }`), else undefined:
 * U+0001, the field's length and name, and the string. Two such inputs share
 * their JSON exactly when they share this, and no JSON text starts with
 * U+0001, so it tells inputs apart as the JSON does, without escaping the
 * string: JSON.stringify of each input was 3% of a Codex stream's samples,
 * this takes 40% of its time (x-bench, the Codex stream's commands).
 */
function oneStringFieldKey(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const keys = Object.keys(input);
  if (keys.length !== 1) return undefined;
  const name = keys[0] as string;
  const value = (input as Record<string, unknown>)[name];
  // Joined, not concatenated: a join is a fresh flat string, where `+` would
  // make a rope that keeps `value`, and with it any string `value` was cut from.
  return typeof value === 'string' ? ['\u0001', name.length, ':', name, value].join('') : undefined;
}

/** What a call in flight keeps to tell whether its final input differs: a key of the input announced (its JSON or the key above, hashed past {@link INPUT_KEY_MAX_CHARS}). */
export function inputKey(input: unknown): string {
  let text = oneStringFieldKey(input);
  if (text === undefined) {
    try {
      text = JSON.stringify(input);
    } catch {
      // Inputs are decoded JSON; anything else is keyed by its type alone.
      text = undefined;
    }
  }
  const key = text ?? `<${typeof input}>`;
  return key.length <= INPUT_KEY_MAX_CHARS ? key : compactKey(key);
}

/**
 * Whether a start under the id of an open call (announced with `openKey`)
 * is another call rather than a restatement: its provider restates calls
 * only with the input announced, and this input's key differs. Dropping it
 * as a restatement would hide a call that ran, and its result.
 */
export function restatesOtherInput(call: { restatesSameInput?: boolean | undefined }, openKey: string | undefined, keyOfInput: string | undefined): boolean {
  return call.restatesSameInput === true && openKey !== undefined && keyOfInput !== undefined && openKey !== keyOfInput;
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
