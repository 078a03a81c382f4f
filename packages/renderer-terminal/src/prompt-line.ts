import type { PromptDisplayEvent } from '@x/core';
import type { Colors } from './color-support.js';
import { sanitizeLine } from './sanitize.js';
import type { Segment } from './styled-line.js';

/** How many lines of a long prompt (a pasted file, a log) verbose mode shows. */
export const PROMPT_LINES = 10;

const MARK: Readonly<Record<PromptDisplayEvent['form'], string>> = { prompt: '❯ ', command: '❯ ', interrupt: '⊘ ' };

/**
 * The lines that show the person's side of a turn in verbose mode: the
 * first line marked `❯` (bold, or cyan for a slash command), the next ones
 * indented under it, at most {@link PROMPT_LINES} and then how many more;
 * an interruption is one yellow `⊘` line. Default mode shows none of it, so
 * that its output stays the run's `DisplayOutput`.
 */
export function promptLines(event: PromptDisplayEvent, colors: Colors): Segment[][] {
  const form = event.form === 'command' || event.form === 'interrupt' ? event.form : 'prompt';
  const style = form === 'interrupt' ? colors.yellow : form === 'command' ? colors.cyan : colors.bold;
  const text = typeof event.text === 'string' ? event.text.replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '') : '';
  const all = text === '' ? [''] : text.split('\n');
  const kept = all.slice(0, PROMPT_LINES);
  const lines: Segment[][] = kept.map((line, index) => [[index === 0 ? MARK[form] : '  ', colors.magenta], [sanitizeLine(line.replaceAll('\t', '    ')), style]]);
  const more = all.length - kept.length;
  if (more > 0) lines.push([['  '], [`⋮ ${more} more ${more === 1 ? 'line' : 'lines'}`, colors.dim]]);
  return lines;
}
