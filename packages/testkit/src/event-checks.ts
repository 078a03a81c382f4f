import type { DisplayEvent } from '@x/core';
import { PREVIEW_MAX_CHARS, displayEventSchema } from '@x/core';

/** Any C0 control but TAB and LF, DEL, or a C1 control: what a plain event field never holds. */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/**
 * Glyphs that renderers draw. A source that emits one in a field it builds
 * itself (name, preview, summary) is styling, which is the renderer's job.
 */
export const RENDERER_GLYPHS = ['⏺', '●', '○', '◉', '✓', '✔', '✗', '✘', '⎿', '└', '├', '│', '→', '⚠', '❌', '✅', '🔧', '▶', '▸', '•'] as const;

const BUILT_FIELDS = ['name', 'toolName', 'arg', 'toolKind', 'kind', 'phase', 'status', 'outputState', 'level'] as const;

function controlPaths(value: unknown, path: string, out: string[], depth = 0): void {
  if (depth > 200) return;
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) out.push(path);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    if (CONTROL_CHARACTER.test(key)) out.push(`${path} (key)`);
    controlPaths((value as Record<string, unknown>)[key], `${path}.${key}`, out, depth + 1);
  }
}

/** Problems a single event has on its own: escape or control characters, renderer glyphs in built fields. */
function fieldProblems(event: DisplayEvent, at: string, problems: string[]): void {
  const controls: string[] = [];
  controlPaths(event, 'event', controls);
  for (const path of controls) problems.push(`${at}: ${path} holds an escape or control character`);
  for (const field of BUILT_FIELDS) {
    const value = (event as Record<string, unknown>)[field];
    if (typeof value === 'string' && RENDERER_GLYPHS.some((glyph) => value.includes(glyph))) {
      problems.push(`${at}: ${field} holds a renderer glyph: ${JSON.stringify(value)}`);
    }
  }
}

/** The ids of the calls seen so far, announced (`tool-use`) and finished (`tool-result`). */
interface CallIds {
  announced: Set<string>;
  finished: Set<string>;
}

/** Problems of a call event in its run: a long or multi-line preview, a second call or result for one id, a result before its call. */
function callProblems(event: DisplayEvent, at: string, ids: CallIds, problems: string[]): void {
  const { announced, finished } = ids;
  if (event.kind === 'tool-use') {
    if ([...event.arg].length > PREVIEW_MAX_CHARS) problems.push(`${at}: arg is longer than ${PREVIEW_MAX_CHARS} characters`);
    if (/[\n\r]/.test(event.arg)) problems.push(`${at}: arg is not a single line`);
    if (announced.has(event.id)) problems.push(`${at}: a second tool-use for id ${JSON.stringify(event.id)}`);
    announced.add(event.id);
  }
  if (event.kind === 'tool-result') {
    if (!announced.has(event.id)) problems.push(`${at}: tool-result for id ${JSON.stringify(event.id)} without an earlier tool-use`);
    if (finished.has(event.id)) problems.push(`${at}: a second tool-result for id ${JSON.stringify(event.id)}`);
    finished.add(event.id);
  }
}

/**
 * Checks a run's events against the contract and returns every problem found
 * (an empty array when there is none): each event validates against the core
 * schema; no field holds an escape or control character; fields a source
 * builds hold no renderer glyph; previews are single-line and at most 40
 * characters; one `tool-use` per id; each `tool-result` follows its call and
 * comes once.
 */
export function findEventProblems(events: readonly DisplayEvent[]): string[] {
  const problems: string[] = [];
  const ids: CallIds = { announced: new Set(), finished: new Set() };
  events.forEach((event, index) => {
    const at = `event ${index} (${String((event as { kind?: unknown }).kind)})`;
    const parsed = displayEventSchema.safeParse(event);
    if (!parsed.success) {
      problems.push(`${at}: does not match the DisplayEvent schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return;
    }
    fieldProblems(event, at, problems);
    callProblems(event, at, ids, problems);
  });
  return problems;
}
