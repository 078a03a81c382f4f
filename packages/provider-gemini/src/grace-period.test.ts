import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aggregateRun, replayLines } from '@x/core';
import { describe, expect, it } from 'vitest';
import { recordedDir } from '../../../tooling/recorded.js';
import { geminiLogSource } from './index.js';
import { applyGeminiRecord, createGeminiHead } from './session-head.js';
import { userRecordText } from './user-record.js';

// The grace-period message the CLI sends a subagent that stopped without calling complete_task,
// as 0.45.2 recorded it in the subagent's own file (fixtures/gemini-log/recorded/0.45.2/subagent/).
const GRACE =
  'You have stopped calling tools without finishing. You have one final chance to complete the task with a short grace period. You MUST call `complete_task` immediately with your best answer and explain that your investigation was interrupted. Do not call any other tools.';

describe("the CLI's last call to a subagent to finish (quirk 17)", () => {
  it('is the CLI speaking, with the reason it gives; a prompt that only mentions complete_task stays a prompt', () => {
    expect(userRecordText({ type: 'user', content: [{ text: GRACE }] })).toEqual({
      kind: 'grace',
      reason: 'You have stopped calling tools without finishing.',
    });
    expect(userRecordText({ type: 'user', content: [{ text: 'Call complete_task when you are done.' }] })).toEqual({
      kind: 'typed',
      text: 'Call complete_task when you are done.',
    });
  });

  it("the recording: the subagent's file is one turn, the grace period a notice with its reason", () => {
    const dir = join(recordedDir('gemini-log', '0.45.2'), 'subagent');
    const file = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.jsonl') && !name.includes('session-')) ?? '';
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    const { events } = replayLines(geminiLogSource, lines);
    expect(events.filter((event) => event.kind === 'notice')).toEqual([
      expect.objectContaining({
        code: 'grace-period',
        message: 'Gemini CLI gave the subagent a last chance to call complete_task: You have stopped calling tools without finishing.',
      }),
    ]);
    expect(aggregateRun(events).turns).toBe(1);
    const head = createGeminiHead();
    for (const line of lines) if (line.trim() !== '') applyGeminiRecord(head, JSON.parse(line));
    expect(head.prompts.size).toBe(1);
  });
});
