import type { ToolCallOutcome } from '@x/core/provider-utils';

/**
 * How a subagent ended, in the report its call returns (`delegate_to_agent`
 * of 0.26, `invoke_agent` of 0.51+; `agents/local-invocation.js`):
 * `Termination Reason: <mode>`, `GOAL` when it finished its task. Any other
 * mode (`ERROR`, `TIMEOUT`, `MAX_TURNS`, `ABORTED`, `ERROR_NO_COMPLETE_TASK_CALL`)
 * is a subagent that failed, though the CLI gives the call `success` (quirk 14).
 * 0.35.3's display report puts the label in Markdown bold, `**Termination Reason:** <mode>`.
 */
const TERMINATION = /^(?:\*\*)?Termination Reason:(?:\*\*)?\s*([A-Z_]+)\s*$/m;

/** The failed outcome of a subagent call whose report names a mode other than `GOAL`, or `undefined`. */
export function failedSubagent(output: string): ToolCallOutcome | undefined {
  const mode = TERMINATION.exec(output)?.[1];
  if (mode === undefined || mode === 'GOAL') return undefined;
  return { status: 'error', output: [output], errorMessage: `The subagent ended with ${mode}` };
}
