import type { DisplayEvent, LineContext } from '@x/core';

/*
 * OpenCode 1.0 asks for a permission `run` was told to ask for
 * (`OPENCODE_PERMISSION`) with a terminal select prompt, drawn on standard
 * output between the JSON lines, and waits for an answer there (quirk 19):
 *
 *   <CSI ?25l>│
 *   ◆  Permission required to run: rm -rf build
 *   │  ● Allow once
 *   │  ○ Always allow
 *   │  ○ Reject
 *   └
 */

/** The prompt's question, after its active marker. */
const QUESTION = /^◆ {2}(Permission required .+)$/;
/** An answer offered, selected (●) or not (○). */
const OPTION = /^│ {2}[●○] \S.*$/;
/**
 * The prompt's left bar and its closing corner. The first bar comes after the
 * sequence that hides the cursor (a control character, then `[?25l`), which is
 * matched, not removed: this provider passes text on as it came, and the
 * renderers' gate shows any control character.
 */
const FRAME = /^(?:\p{Cc}\[\?25[lh])?[│└]$/u;

/**
 * The events of a line of 1.0's permission prompt, or `undefined` for a line
 * that is not one. The question is a warning notice in the CLI's own words;
 * the options and the frame are the prompt's drawing and show as nothing.
 */
export function permissionPromptEvents(line: string, context: LineContext): DisplayEvent[] | undefined {
  const text = line.trimEnd();
  const question = QUESTION.exec(text)?.[1];
  if (question !== undefined) return [{ kind: 'notice', level: 'warning', message: question, code: 'permission' }];
  if (OPTION.test(text)) {
    context.ignore('an answer offered by the permission prompt (1.0)');
    return [];
  }
  if (FRAME.test(text)) {
    context.ignore('the frame of the permission prompt (1.0)');
    return [];
  }
  return undefined;
}
