import { DISPLAY_EVENT_KINDS, type DisplayEvent, displayEventSchema } from './display-event.js';

/**
 * What {@link parseDisplayEvent} made of a value: a valid event of a known
 * kind, an event of a kind this build does not know (written by a newer
 * version: skip it), or a value that is no event at all.
 */
export type DisplayEventParseResult =
  | { readonly ok: true; readonly event: DisplayEvent; readonly unknown?: undefined }
  | { readonly ok: true; readonly event?: undefined; readonly unknown: { readonly kind: string } }
  | { readonly ok: false; readonly error: string };

const KNOWN_KINDS: ReadonlySet<string> = new Set(DISPLAY_EVENT_KINDS);

/**
 * What every kind is, today's and any added later: a lowercase identifier
 * with hyphens (`tool-use`), at most 64 characters. A `kind` that is not one
 * is malformed rather than unknown, so a consumer can show an unknown kind's
 * name without being handed a megabyte of it.
 */
const KIND_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

function kindOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' && KIND_PATTERN.test(kind) ? kind : undefined;
}

/**
 * Reads one event that crossed a process or network boundary (a line of
 * `xview --events`, a server-sent event), the forward-compatible way: an event
 * of a known kind is checked against {@link displayEventSchema} and rejected
 * when malformed, while an event of a kind this build does not know is let
 * through as `unknown`, so an older reader keeps working with a newer writer.
 * Fields a known kind gained later are dropped from the returned event, as
 * the schema keeps only the fields it knows. Never throws.
 *
 * @example
 * ```ts
 * const result = parseDisplayEvent(JSON.parse(line));
 * if (!result.ok) console.error(`bad event: ${result.error}`);
 * else if (result.event !== undefined) renderer.write(result.event);
 * // else: result.unknown.kind is newer than this reader; skip it
 * ```
 */
export function parseDisplayEvent(value: unknown): DisplayEventParseResult {
  const kind = kindOf(value);
  if (kind === undefined) return { ok: false, error: 'not an event: no "kind" that is a lowercase identifier' };
  if (!KNOWN_KINDS.has(kind)) return { ok: true, unknown: { kind } };
  const parsed = displayEventSchema.safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data };
  const issues = parsed.error.issues;
  const first = issues[0];
  const where = first === undefined || first.path.length === 0 ? '' : ` at ${first.path.map(String).join('.')}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return { ok: false, error: `malformed "${kind}" event${where}: ${first?.message ?? 'invalid'}${more}` };
}
