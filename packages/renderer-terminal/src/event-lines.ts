import type { ErrorDisplayEvent, NoticeDisplayEvent, SessionDisplayEvent } from '@x/core';
import { field, message } from './fields.js';
import { depthOf, line, type RenderState } from './render-state.js';

/** Verbose mode: a session's start, with its id, model and directory. */
export function sessionLine(state: RenderState, event: SessionDisplayEvent): void {
  if (event.phase !== 'start') return;
  const parts = [`session ${field(event.sessionId) || 'started'}`];
  const model = field(event.model);
  if (model !== '') parts.push(`model ${model}`);
  const cwd = field(event.cwd);
  if (cwd !== '') parts.push(`in ${cwd}`);
  line(state, depthOf(state, event.parentToolUseId), [
    ['⌂', state.colors.cyan],
    [` ${parts.join(', ')}`, state.colors.dim],
  ]);
}

/** Verbose mode: an error, folded onto one line. */
export function errorLine(state: RenderState, event: ErrorDisplayEvent): void {
  const { colors } = state;
  const code = field(event.code);
  const label = `${event.fatal === true ? 'fatal error' : 'error'}${code === '' ? '' : ` [${code}]`}: `;
  line(state, depthOf(state, event.parentToolUseId), [['✗ ', colors.red], [label, colors.red], [message(event.message)]]);
}

/** Verbose mode: a notice or warning, folded onto one line. */
export function noticeLine(state: RenderState, event: NoticeDisplayEvent): void {
  const { colors } = state;
  const warning = event.level === 'warning';
  const code = field(event.code);
  const label = `${warning ? 'warning' : 'notice'}${code === '' ? '' : ` [${code}]`}: `;
  const style = warning ? colors.yellow : colors.blue;
  line(state, depthOf(state, event.parentToolUseId), [[warning ? '! ' : '› ', style], [label, style], [message(event.message)]]);
}
