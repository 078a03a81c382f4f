import { deltas } from '../content.js';
import { planned, ROUNDS_PER_TURN, type PlannedCall } from './plan.js';
import type { StreamGenerator } from './types.js';

/*
 * `copilot -p --output-format json`. Line shapes copied from
 * fixtures/copilot/read-edit-run.jsonl and streamed-deltas.jsonl: a turn per
 * model request, text streamed as ephemeral `assistant.message_delta` lines
 * and then restated whole by `assistant.message` with the tool requests, each
 * call's start and completion (a view's result holds the file twice, in
 * `content` and `detailedContent`), and a `result` line per run.
 */

const TOOL_NAMES: Record<PlannedCall['type'], string> = { read: 'view', bash: 'bash', grep: 'grep', glob: 'glob', edit: 'edit', write: 'create' };

export const copilotGenerator: StreamGenerator = {
  id: 'copilot',
  provider: 'copilot',
  description: 'Copilot CLI json: message and reasoning deltas, whole messages with tool requests, tool executions, usage, result',
  create(content) {
    const { random } = content;
    let clock = Date.parse('2026-01-15T10:00:00.000Z');
    let turn = 0;
    let turnRounds = 0;
    let session = random.uuid();
    let previous: string | null = null;
    const interaction = `int-${random.hex(8)}`;
    const event = (type: string, data: Record<string, unknown>, ephemeral = false) => {
      const id = random.uuid();
      const line: Record<string, unknown> = { type, data, id, timestamp: new Date((clock += random.int(20, 600))).toISOString(), parentId: previous };
      if (ephemeral) line.ephemeral = true;
      previous = id;
      return JSON.stringify(line);
    };
    const opening = () => [
      event('session.start', {
        sessionId: session,
        version: 1,
        producer: 'copilot-agent',
        copilotVersion: '1.0.28',
        startTime: new Date(clock).toISOString(),
        selectedModel: 'claude-sonnet-4.5',
        context: { cwd: '/work/demo', gitRoot: '/work/demo', branch: 'main' },
      }),
      event('user.message', { content: 'Fix the failing retry test and keep the suite green.', interactionId: interaction }),
    ];
    const result = () =>
      JSON.stringify({
        type: 'result',
        timestamp: new Date((clock += 250)).toISOString(),
        sessionId: session,
        exitCode: 0,
        usage: { premiumRequests: 1, totalApiDurationMs: random.int(10_000, 900_000), sessionDurationMs: random.int(10_000, 900_000), codeChanges: { linesAdded: 12, linesRemoved: 4, filesModified: ['/work/demo/src/retry.ts'] } },
      });
    const args = (call: PlannedCall): Record<string, unknown> => {
      switch (call.type) {
        case 'read':
          return { path: call.path };
        case 'bash':
          return { command: call.command, description: 'Run the command' };
        case 'grep':
          return { pattern: call.command, path: '/work/demo/src', output_mode: 'content', '-n': true };
        case 'glob':
          return { pattern: call.command };
        case 'edit':
          return { path: call.path, old_str: call.oldString, new_str: call.newString };
        case 'write':
          return { path: call.path, file_text: call.file };
      }
    };
    const outcome = (call: PlannedCall): Record<string, unknown> => {
      if (call.error !== undefined) return { success: false, error: { message: call.error } };
      switch (call.type) {
        case 'read':
          return { success: true, model: 'claude-sonnet-4.5', result: { content: call.file, detailedContent: call.file } };
        case 'bash':
          return { success: true, model: 'claude-sonnet-4.5', result: { content: `${call.output}<exited with exit code 0>` }, shellExecution: { exitCode: 0 } };
        case 'grep':
        case 'glob':
          return { success: true, model: 'claude-sonnet-4.5', result: { content: call.output.trimEnd() } };
        case 'edit':
          return {
            success: true,
            model: 'claude-sonnet-4.5',
            result: { content: `File ${call.path} updated with changes.`, detailedContent: `@@ -12,3 +12,3 @@\n${call.oldString.replace(/^/gm, '-')}${call.newString.replace(/^/gm, '+')}` },
            fileEdits: [{ path: call.path, kind: 'edit' }],
          };
        case 'write':
          return { success: true, model: 'claude-sonnet-4.5', result: { content: `Created file ${call.path} with ${call.file.length} characters` }, fileEdits: [{ path: call.path, kind: 'create' }] };
      }
    };
    return planned(content, {
      start: opening,
      round(round) {
        const lines: string[] = [];
        if (turnRounds === ROUNDS_PER_TURN) {
          lines.push(result());
          session = random.uuid();
          turn = 0;
          lines.push(...opening());
          turnRounds = 0;
        }
        turnRounds += 1;
        const turnId = String(turn++);
        const messageId = random.uuid();
        lines.push(event('assistant.turn_start', { turnId, interactionId: interaction }));
        let reasoningId: string | undefined;
        if (round.thought !== undefined) {
          reasoningId = `rsn-${random.hex(12)}`;
          for (const piece of deltas(random, round.thought)) lines.push(event('assistant.reasoning_delta', { reasoningId, deltaContent: piece }, true));
          lines.push(event('assistant.reasoning', { reasoningId, content: round.thought }));
        }
        lines.push(event('assistant.message_start', { messageId }, true));
        for (const piece of deltas(random, round.text)) lines.push(event('assistant.message_delta', { messageId, deltaContent: piece }, true));
        const ids = round.calls.map(() => `toolu_vrtx_01${random.token(20)}`);
        const message: Record<string, unknown> = {
          messageId,
          content: round.text,
          toolRequests: round.calls.map((call, i) => ({ toolCallId: ids[i], name: TOOL_NAMES[call.type], arguments: args(call), type: 'function' })),
          interactionId: interaction,
          outputTokens: random.int(20, 3000),
          requestId: `REQ:${random.hex(8)}`,
          turnId,
        };
        if (round.thought !== undefined) message.reasoningText = round.thought;
        lines.push(event('assistant.message', message));
        lines.push(event('assistant.usage', { model: 'claude-sonnet-4.5', inputTokens: random.int(1000, 90_000), outputTokens: random.int(20, 3000) }, true));
        round.calls.forEach((call, i) => {
          lines.push(event('tool.execution_start', { toolCallId: ids[i], toolName: TOOL_NAMES[call.type], arguments: args(call), turnId }));
          lines.push(event('tool.execution_complete', { toolCallId: ids[i], ...outcome(call), turnId }));
        });
        lines.push(event('assistant.turn_end', { turnId }));
        return lines;
      },
      end: () => [result()],
    });
  },
};
