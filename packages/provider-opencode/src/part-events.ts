import type { DisplayEvent, LineContext } from '@x/core';
import { compactionNotice, compactKey, objectField, ownField, stringField, type JsonObject } from '@x/core/provider-utils';
import type { OpenCodeState, PartKind, Scope } from './state.js';
import { toolPartEvents } from './tool-events.js';
import { displayedPartSchema, firstIssue, type StepFinishPart } from './wire-schema.js';
import { stepUsage } from './wire-values.js';

/** Part types of the SDK `Part` union that show nothing here, and why. */
const PARTS_NOT_SHOWN: ReadonlyMap<string, string> = new Map([
  ['file', 'file part (an attachment of a message)'],
  ['subtask', 'subtask part (the subagent shows through its task call)'],
  ['snapshot', 'snapshot part (a file-tree snapshot id)'],
  ['patch', 'patch part (edits show as tool results)'],
  ['agent', 'agent part (an @-mention of an agent)'],
  ['retry', 'retry part (shown from session.status retry)'],
  ['compaction', 'compaction part (shown from session.compacted)'],
]);

/** Part types shown here: {@link displayedPartSchema} reads them. */
const PARTS_SHOWN: ReadonlySet<string> = new Set(['text', 'reasoning', 'tool', 'step-start', 'step-finish']);

/** Where a part belongs: the followed session, or a subagent's session nested under a Task call. */
export type PartScope = Extract<Scope, { kind: 'main' | 'child' }>;

/**
 * Text or reasoning of part `partId`: a delta as it is, a snapshot only for
 * what continues what was emitted (a closing snapshot after deltas adds
 * nothing). The kind is the part's opener's: a delta says `field: "text"` for
 * reasoning too (quirk 1).
 */
export function growText(state: OpenCodeState, kind: PartKind, partId: string, text: string, isDelta: boolean): DisplayEvent[] {
  const key = compactKey(partId);
  let partKind = state.partKinds.get(key);
  if (partKind === undefined) {
    partKind = kind;
    state.partKinds.set(key, kind);
  }
  const increment = isDelta ? state.text.delta(partId, text) : state.text.copy(partId, text, false).added;
  return increment === '' ? [] : [{ kind: partKind, id: partId, text: increment }];
}

/** A step-finish part: usage per step, counted once however often the bus repeats the part. */
function stepFinish(state: OpenCodeState, part: StepFinishPart, scope: PartScope, context: LineContext): DisplayEvent[] {
  if (part.id !== undefined) {
    const key = compactKey(part.id);
    if (state.countedSteps.has(key)) {
      context.ignore('step-finish already counted');
      return [];
    }
    state.countedSteps.set(key, true);
  }
  if (scope.kind === 'main') {
    state.steps += 1;
    // A missing reason (quirk 9) still closes the step; only tool calls promise another one.
    state.turn.complete = part.reason !== 'tool-calls';
  }
  const usage = stepUsage(part, scope.kind === 'main' ? state.model : scope.child.model);
  if (usage !== undefined) return [usage];
  context.ignore('step-finish without tokens or cost');
  return [];
}

/**
 * A text part OpenCode wrote itself into the conversation (`synthetic`): no
 * answer of the model's, so a notice, once per part. The note to the model
 * after an automatic compaction (`metadata.compaction_continue`, quirk 16) is
 * all `run` prints of the compaction: the compaction notice.
 */
function syntheticText(state: OpenCodeState, part: JsonObject, partId: string, text: string | undefined, context: LineContext): DisplayEvent[] {
  const key = compactKey(partId);
  if (text === undefined || text === '' || state.partKinds.has(key)) {
    context.ignore('synthetic text part already shown, or empty');
    return [];
  }
  state.partKinds.set(key, 'text');
  if (ownField(objectField(part, 'metadata'), 'compaction_continue') === true) return [compactionNotice({ trigger: 'auto' })];
  return [{ kind: 'notice', level: 'info', message: text, code: 'synthetic' }];
}

/** A text or reasoning part's text: a snapshot, or the inline delta when it has none. */
function textPart(state: OpenCodeState, kind: PartKind, partId: string, text: string | undefined, isDelta: boolean, context: LineContext): DisplayEvent[] {
  if (text === undefined) {
    context.malformed(`${kind} part without text`);
    return [];
  }
  const events = growText(state, kind, partId, text, isDelta);
  if (events.length === 0) context.ignore(text === '' ? `empty ${kind} part opener` : `${kind} already emitted`);
  return events;
}

/**
 * A part from `run --format json` or from `message.part.updated`; `delta` is
 * the SDK-v1 inline increment. Parts of user messages are the prompt, not
 * output (quirk 2); a part type the SDK does not know is reported as unknown.
 */
export function partEvents(state: OpenCodeState, part: JsonObject, delta: string | undefined, scope: PartScope, context: LineContext): DisplayEvent[] {
  const messageId = stringField(part, 'messageID');
  if (messageId !== undefined && state.userMessages.has(compactKey(messageId))) {
    context.ignore('part of a user message (the prompt), not assistant output');
    return [];
  }
  const type = stringField(part, 'type');
  const notShown = type === undefined ? undefined : PARTS_NOT_SHOWN.get(type);
  if (notShown !== undefined) {
    context.ignore(notShown);
    return [];
  }
  if (type !== undefined && !PARTS_SHOWN.has(type)) {
    context.unknown(`unknown OpenCode part type "${type}"`);
    return [];
  }
  const parsed = displayedPartSchema.safeParse(part);
  if (!parsed.success) {
    context.malformed(`${type ?? 'untyped'} part: ${firstIssue(parsed.error)}`);
    return [];
  }
  const shown = parsed.data;
  const parentToolUseId = scope.kind === 'child' ? scope.parentToolUseId : undefined;
  switch (shown.type) {
    case 'text':
    case 'reasoning':
      if (shown.type === 'text' && ownField(part, 'synthetic') === true) return syntheticText(state, part, shown.id, shown.text, context);
      return textPart(state, shown.type, shown.id, shown.text ?? delta, shown.text === undefined, context);
    case 'tool':
      return toolPartEvents(state, shown, parentToolUseId, context);
    case 'step-start':
      if (scope.kind === 'main') state.turn.complete = false;
      context.ignore('step start');
      return [];
    case 'step-finish':
      return stepFinish(state, shown, scope, context);
  }
}
