import type { DisplayEvent, LineContext } from '@x/core';

/*
 * OpenCode 1.0 asks for a permission `run` was told to ask for
 * (`OPENCODE_PERMISSION`) with a terminal select prompt, drawn on standard
 * output between the JSON lines, and waits for an answer there (quirk 19):
 *
 *   ESC[?25l│
 *   ◆  Permission required to run: rm -rf build
 *   │  ● Allow once
 *   │  ○ Always allow
 *   │  ○ Reject
 *   └
 */

/** A control sequence (the prompt hides the cursor before drawing): not part of what the line says. */
const CSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
/** The prompt's question, after its active marker. */
const QUESTION = /^◆ {2}(Permission required .+)$/;
/** An answer offered, selected (●) or not (○). */
const OPTION = /^│ {2}[●○] \S.*$/;
/** The prompt's left bar and its closing corner. */
const FRAME = /^[│└]$/;

/**
 * The events of a line of 1.0's permission prompt, or `undefined` for a line
 * that is not one. The question is a warning notice in the CLI's own words;
 * the options and the frame are the prompt's drawing and show as nothing.
 */
export function permissionPromptEvents(line: string, context: LineContext): DisplayEvent[] | undefined {
  const text = line.replace(CSI, '').trimEnd();
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
