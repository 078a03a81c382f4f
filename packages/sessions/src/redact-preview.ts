import type { DisplayEvent } from '@x/core';
import { PREVIEW_MAX_CHARS } from '@x/core';
import { toOneLine } from '@x/core/provider-utils';
import { redactSecrets, redactValue } from './redact.js';

/*
 * A tool call's preview is its input cut to PREVIEW_MAX_CHARS, and a cut can
 * leave the first part of a secret, too short for its rule (`ghp_` and 28 of
 * its 36 characters) or ending in the cut's "...", which reads as a
 * placeholder. Redacting the preview alone lets that part through, so a
 * preview is redacted against the secrets redaction took out of its input.
 */

type Previewed = Extract<DisplayEvent, { kind: 'tool-use' | 'tool-result' }>;

/** What `toOneLine` ends a cut text with (core's `cutText`). */
const CUT = '...';

/** How many changed previews a stream remembers for the notices that quote them (a notice follows its call closely). */
const PREVIEWS_KEPT = 256;

/** The previews a stream's redaction changed, original to redacted, oldest first: a warning notice quotes a call's preview as core cut it. */
export interface PreviewState {
  changed: Map<string, string>;
}

function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

/** `arg` with each secret of the input replaced by its marker: whole, and where the cut left only its first characters. */
function withoutSecrets(arg: string, secrets: ReadonlyMap<string, string>): string {
  let out = arg;
  for (const [secret, marker] of secrets) if (out.includes(secret)) out = out.split(secret).join(marker);
  if (!out.endsWith(CUT)) return out;
  const head = out.slice(0, -CUT.length);
  for (const [secret, marker] of secrets) {
    // Longest first: the cut left the secret's first `k` characters at the end of the preview.
    for (let k = Math.min(head.length, secret.length - 1); k > 0; k--) {
      if (head.endsWith(secret.slice(0, k))) return `${head.slice(0, head.length - k)}${marker}${CUT}`;
    }
  }
  return out;
}

/**
 * A tool call or result redacted, its one-line preview included. Where the
 * preview is the cut of one of the input's strings, it is cut again from
 * that string redacted; otherwise (a shell wrapper taken off, an argv joined,
 * compact JSON) it loses every part of a secret the input's redaction took
 * out. The change is remembered for the notices that quote the preview.
 */
export function cutPreview<T extends Previewed>(state: PreviewState, event: T): T {
  const arg = event.arg;
  const secrets = new Map<string, string>();
  const redacted = redactValue(event, (secret, marker) => secrets.set(secret, marker));
  if (arg === undefined || secrets.size === 0) return redacted;
  const source = [...strings(event.input)].find((text) => text.length > arg.length && toOneLine(text, PREVIEW_MAX_CHARS) === arg);
  const shown = source === undefined ? redactSecrets(withoutSecrets(arg, secrets)) : toOneLine(redactSecrets(source), PREVIEW_MAX_CHARS);
  if (shown !== arg) remember(state, arg, shown);
  return { ...redacted, arg: shown };
}

function remember(state: PreviewState, arg: string, shown: string): void {
  state.changed.delete(arg);
  state.changed.set(arg, shown);
  if (state.changed.size > PREVIEWS_KEPT) state.changed.delete(state.changed.keys().next().value as string);
}

type Notice = Extract<DisplayEvent, { kind: 'notice' }>;

/** A notice whose message quotes a preview redaction changed (`tool_input_changed`, `tool_id_reused`), quoting the redacted one instead. */
export function quotedPreviews(state: PreviewState, event: Notice): Notice {
  let message = event.message;
  for (const [arg, shown] of state.changed) if (message.includes(`"${arg}"`)) message = message.split(`"${arg}"`).join(`"${shown}"`);
  return message === event.message ? event : { ...event, message };
}
