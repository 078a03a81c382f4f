// Quirk 14 of docs/formats/gemini.md, written from the recordings (not from the
// parser's output): a subagent call whose report names a termination mode other
// than GOAL failed, though the CLI gives it `success`.
import { replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { geminiSource } from './source.js';

const S = 'sess-1';
const line = (value: object) => JSON.stringify({ timestamp: '2026-11-29T15:11:24.000Z', ...value });
const init = line({ type: 'init', session_id: S, model: 'gemini-2.5-pro' });
const use = (name: string, parameters: object) => line({ type: 'tool_use', tool_name: name, tool_id: 't1', parameters });
const result = (output: string) => line({ type: 'tool_result', tool_id: 't1', status: 'success', output });

/** The display report of 0.26.0 (fixtures/gemini/recorded/0.26.0/subagent.jsonl), with the mode given. */
const report = (mode: string) => `\nSubagent codebase_investigator Finished\n\nTermination Reason:\n ${mode}\n\nResult:\nAgent stopped calling tools but did not call 'complete_task'.\n`;

const resultOf = (lines: string[]) => replayLines(geminiSource, lines).events.find((e) => e.kind === 'tool-result');

describe('quirk 14: a subagent call and how the subagent ended', () => {
  it('reads delegate_to_agent (0.26.0) as a Task, failed when its report says ERROR_NO_COMPLETE_TASK_CALL', () => {
    const event = resultOf([init, use('delegate_to_agent', { agent_name: 'codebase_investigator', objective: 'Count the files.' }), result(report('ERROR_NO_COMPLETE_TASK_CALL'))]);
    expect(event).toMatchObject({ kind: 'tool-result', id: 't1', name: 'Task', status: 'error', details: { errorMessage: 'The subagent ended with ERROR_NO_COMPLETE_TASK_CALL' } });
  });

  it('keeps a subagent that reached its goal a success', () => {
    const event = resultOf([init, use('delegate_to_agent', { agent_name: 'codebase_investigator', objective: 'Count the files.' }), result(report('GOAL'))]);
    expect(event).toMatchObject({ kind: 'tool-result', name: 'Task', status: 'success' });
  });

  it('reads the Markdown form of 0.35.3 (fixtures/gemini/recorded/0.35.3/subagent.jsonl: "**Termination Reason:** ERROR_NO_COMPLETE_TASK_CALL")', () => {
    const bold = "\n### Subagent codebase_investigator Finished Early\n\n**Termination Reason:** ERROR_NO_COMPLETE_TASK_CALL\n\n**Result/Summary:**\nAgent stopped calling tools but did not call 'complete_task'.\n";
    const event = resultOf([init, use('codebase_investigator', { objective: 'Count the files in the working folder.' }), result(bold)]);
    expect(event).toMatchObject({ kind: 'tool-result', name: 'Task', status: 'error', details: { errorMessage: 'The subagent ended with ERROR_NO_COMPLETE_TASK_CALL' } });
  });

  it('reads the model-facing form of invoke_agent too (0.61.0 chat recording: "Termination Reason: MAX_TURNS" on one line)', () => {
    const event = resultOf([init, use('invoke_agent', { agent_name: 'generalist', prompt: 'x' }), result("Subagent 'generalist' finished.\nTermination Reason: MAX_TURNS\nResult:\n...")]);
    expect(event).toMatchObject({ kind: 'tool-result', name: 'Task', status: 'error', details: { errorMessage: 'The subagent ended with MAX_TURNS' } });
  });
});
