import { deltas } from '../content.js';
import { planned, type PlannedCall } from './plan.js';
import type { StreamGenerator } from './types.js';

/*
 * Chat-completion chunk streams (SSE), one per model request, logged one
 * after the other. Frame shapes copied from
 * fixtures/openai-compatible/streamed-text-and-tool-calls.sse: the role chunk,
 * content deltas, tool calls with their arguments in fragments under their
 * `index`, the finish chunk, the `choices: []` usage chunk and `[DONE]`, each
 * `data:` line followed by a blank line. Tool results are not part of
 * responses, so the bytes are text and call arguments; a share of rounds
 * streams `reasoning_content` first, as DeepSeek does.
 */

const TOOL_NAMES: Record<PlannedCall['type'], string> = { read: 'read_file', bash: 'run_command', grep: 'grep', glob: 'glob', edit: 'edit_file', write: 'write_file' };

function argumentsOf(call: PlannedCall): string {
  switch (call.type) {
    case 'read':
      return JSON.stringify({ path: call.path });
    case 'bash':
      return JSON.stringify({ command: call.command });
    case 'grep':
    case 'glob':
      return JSON.stringify({ pattern: call.command, path: 'src' });
    case 'edit':
      return JSON.stringify({ path: call.path, old_string: call.oldString, new_string: call.newString });
    case 'write':
      return JSON.stringify({ path: call.path, content: call.file });
  }
}

export const openaiCompatibleGenerator: StreamGenerator = {
  id: 'openai-compatible',
  provider: 'openai-compatible',
  description: 'Chat-completion SSE chunk streams: content and reasoning deltas, fragmented tool-call arguments, usage chunk, [DONE]',
  create(content) {
    const { random } = content;
    let created = 1767225600;
    return planned(content, {
      start: () => [],
      round(round) {
        const id = `chatcmpl-${random.token(29)}`;
        created += random.int(2, 60);
        const lines: string[] = [];
        const chunk = (choices: unknown[], usage: unknown = null) => {
          lines.push(
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: 'gpt-4.1-2025-04-14', service_tier: 'default', system_fingerprint: 'fp_synthetic01', choices, usage })}`,
            '',
          );
        };
        const delta = (d: unknown, finish: string | null = null) => chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);
        delta({ role: 'assistant', content: '', refusal: null });
        if (round.thought !== undefined) for (const piece of deltas(random, round.thought)) delta({ reasoning_content: piece });
        for (const piece of deltas(random, round.text)) delta({ content: piece });
        round.calls.forEach((call, index) => {
          delta({ tool_calls: [{ index, id: `call_${random.token(24)}`, type: 'function', function: { name: TOOL_NAMES[call.type], arguments: '' } }] });
          const json = argumentsOf(call);
          for (let at = 0; at < json.length; ) {
            const size = random.int(4, 80);
            delta({ tool_calls: [{ index, function: { arguments: json.slice(at, at + size) } }] });
            at += size;
          }
        });
        delta({}, 'tool_calls');
        const prompt = random.int(400, 90_000);
        const completion = random.int(20, 3000);
        chunk([], {
          prompt_tokens: prompt,
          completion_tokens: completion,
          total_tokens: prompt + completion,
          prompt_tokens_details: { cached_tokens: random.int(0, prompt), audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
        });
        lines.push('data: [DONE]', '');
        return lines;
      },
      end: () => [],
    });
  },
};
