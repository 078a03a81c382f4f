import { deltas, numbered, type Content } from '../content.js';
import { planned, ROUNDS_PER_TURN, type PlannedCall, type Round } from './plan.js';
import type { PlannedWriter, StreamGenerator } from './types.js';

/*
 * `claude -p --output-format stream-json --verbose`, with and without
 * `--include-partial-messages`. Line shapes copied from
 * fixtures/claude/read-edit-run.jsonl and partial-messages.jsonl (sdk 0.3.329).
 */

const MODEL = 'claude-sonnet-4-5-20250929';
const TOOL_NAMES: Record<PlannedCall['type'], string> = { read: 'Read', bash: 'Bash', grep: 'Grep', glob: 'Glob', edit: 'Edit', write: 'Write' };

function writer(content: Content, partial: boolean): PlannedWriter {
  const { random } = content;
  const session = random.uuid();
  let turnRounds = 0;
  const uuid = () => random.uuid();
  const usage = (input: number, output: number) => ({
    input_tokens: input,
    cache_creation_input_tokens: random.int(0, 2000),
    cache_read_input_tokens: random.int(10_000, 120_000),
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: output,
    service_tier: 'standard',
    server_tool_use: null,
    inference_geo: 'not_available',
    iterations: null,
    output_tokens_details: null,
    speed: null,
    fallback_credit: null,
  });
  const message = (id: string, blocks: unknown[], u: unknown) => ({
    model: MODEL,
    id,
    type: 'message',
    role: 'assistant',
    content: blocks,
    stop_reason: null,
    stop_sequence: null,
    stop_details: null,
    usage: u,
    context_management: null,
    container: null,
    diagnostics: null,
  });
  const assistant = (id: string, blocks: unknown[], u: unknown) =>
    JSON.stringify({ type: 'assistant', message: message(id, blocks, u), parent_tool_use_id: null, session_id: session, uuid: uuid() });
  const streamEvent = (event: unknown) => JSON.stringify({ type: 'stream_event', event, parent_tool_use_id: null, session_id: session, uuid: uuid() });

  const init = () =>
    JSON.stringify({
      type: 'system',
      subtype: 'init',
      cwd: '/work/demo',
      session_id: session,
      tools: ['Agent', 'Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'WebFetch', 'Write', 'mcp__docs__search'],
      mcp_servers: [{ name: 'docs', status: 'connected' }],
      model: MODEL,
      permissionMode: 'default',
      slash_commands: ['compact', 'context', 'review'],
      apiKeySource: 'ANTHROPIC_API_KEY',
      claude_code_version: '2.1.329',
      output_style: 'default',
      agents: ['general-purpose', 'Explore', 'Plan'],
      skills: [],
      plugins: [],
      uuid: uuid(),
    });

  const result = (text: string) =>
    JSON.stringify({
      type: 'result',
      subtype: 'success',
      is_error: false,
      duration_ms: random.int(60_000, 900_000),
      duration_api_ms: random.int(50_000, 800_000),
      num_turns: ROUNDS_PER_TURN,
      result: text,
      stop_reason: 'end_turn',
      session_id: session,
      total_cost_usd: random.int(100, 9000) / 1000,
      usage: {
        input_tokens: random.int(1000, 9000),
        cache_creation_input_tokens: random.int(1000, 30000),
        cache_read_input_tokens: random.int(100_000, 2_000_000),
        output_tokens: random.int(1000, 20000),
        server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
        service_tier: 'standard',
        cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
        inference_geo: 'not_available',
        iterations: [],
        output_tokens_details: { thinking_tokens: 0 },
        speed: 'standard',
        fallback_credit: null,
      },
      modelUsage: {
        [MODEL]: { inputTokens: 3200, outputTokens: 2100, cacheReadInputTokens: 1460000, cacheCreationInputTokens: 24000, webSearchRequests: 0, costUSD: 1.9342, contextWindow: 200000, maxOutputTokens: 64000 },
      },
      permission_denials: [],
      terminal_reason: 'completed',
      uuid: uuid(),
    });

  const input = (call: PlannedCall): Record<string, unknown> => {
    switch (call.type) {
      case 'read':
        return { file_path: call.path };
      case 'bash':
        return { command: call.command, description: 'Run the command' };
      case 'grep':
        return { pattern: call.command, path: 'src', output_mode: 'content', '-n': true };
      case 'glob':
        return { pattern: call.command };
      case 'edit':
        return { file_path: call.path, old_string: call.oldString, new_string: call.newString, replace_all: false };
      case 'write':
        return { file_path: call.path, content: call.file };
    }
  };

  /** The tool_result block's content and the line's `tool_use_result`, as Claude Code writes them per tool. */
  const outcome = (call: PlannedCall): { text: string; rich: unknown; isError?: boolean } => {
    if (call.error !== undefined) return { text: `<tool_use_error>${call.error}</tool_use_error>`, rich: `Error: ${call.error}`, isError: true };
    switch (call.type) {
      case 'read': {
        const numLines = call.file.split('\n').length - 1;
        return { text: numbered(call.file), rich: { type: 'text', file: { filePath: call.path, content: call.file, numLines, startLine: 1, totalLines: numLines } } };
      }
      case 'bash':
        return { text: call.output.trimEnd(), rich: { stdout: call.output, stderr: '', interrupted: false, isImage: false }, isError: false };
      case 'grep': {
        const numLines = call.output.split('\n').length - 1;
        return { text: call.output.trimEnd(), rich: { mode: 'content', numFiles: 0, filenames: [], content: call.output.trimEnd(), numLines } };
      }
      case 'glob': {
        const filenames = call.output.trimEnd().split('\n');
        return { text: call.output.trimEnd(), rich: { filenames, durationMs: random.int(5, 300), numFiles: filenames.length, truncated: false } };
      }
      case 'edit':
        return {
          text: `The file ${call.path} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(call.newString)}`,
          rich: {
            filePath: call.path,
            oldString: call.oldString,
            newString: call.newString,
            originalFile: call.file,
            structuredPatch: [{ oldStart: 12, oldLines: 3, newStart: 12, newLines: 3, lines: call.newString.split('\n').slice(0, 6).map((l) => `+${l}`) }],
            userModified: false,
            replaceAll: false,
          },
        };
      case 'write':
        return { text: `File created successfully at: ${call.path}`, rich: { type: 'create', filePath: call.path, content: call.file, structuredPatch: [], originalFile: null } };
    }
  };

  const userResult = (id: string, call: PlannedCall) => {
    const o = outcome(call);
    const block: Record<string, unknown> = { tool_use_id: id, type: 'tool_result', content: o.text };
    if (o.isError !== undefined) block.is_error = o.isError;
    return JSON.stringify({ type: 'user', message: { role: 'user', content: [block] }, parent_tool_use_id: null, session_id: session, uuid: uuid(), tool_use_result: o.rich });
  };

  /** A complete message's blocks as one assistant line each, as the CLI prints them. */
  const completeLines = (messageId: string, round: Round, ids: string[], u: unknown): string[] => {
    const lines: string[] = [];
    if (round.thought !== undefined) lines.push(assistant(messageId, [{ type: 'thinking', thinking: round.thought, signature: random.token(240) }], u));
    lines.push(assistant(messageId, [{ type: 'text', text: round.text, citations: null }], u));
    round.calls.forEach((call, i) => lines.push(assistant(messageId, [{ type: 'tool_use', id: ids[i], name: TOOL_NAMES[call.type], input: input(call) }], u)));
    return lines;
  };

  /** `--include-partial-messages`: every block streamed as deltas, each followed by its complete assistant line. */
  const partialLines = (messageId: string, round: Round, ids: string[], u: unknown): string[] => {
    const lines: string[] = [JSON.stringify({ type: 'system', subtype: 'status', status: 'requesting', uuid: uuid(), session_id: session })];
    lines.push(streamEvent({ type: 'message_start', message: { ...message(messageId, [], u) } }));
    let index = 0;
    const textBlock = (type: 'thinking' | 'text', text: string) => {
      const start = type === 'text' ? { type: 'text', text: '', citations: null } : { type: 'thinking', thinking: '', signature: '' };
      lines.push(streamEvent({ type: 'content_block_start', index, content_block: start }));
      for (const piece of deltas(random, text)) {
        const delta = type === 'text' ? { type: 'text_delta', text: piece } : { type: 'thinking_delta', thinking: piece, estimated_tokens: null };
        lines.push(streamEvent({ type: 'content_block_delta', index, delta }));
      }
      const signature = random.token(240);
      if (type === 'thinking') lines.push(streamEvent({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } }));
      const full = type === 'text' ? { type: 'text', text, citations: null } : { type: 'thinking', thinking: text, signature };
      lines.push(assistant(messageId, [full], u));
      lines.push(streamEvent({ type: 'content_block_stop', index }));
      index += 1;
    };
    if (round.thought !== undefined) textBlock('thinking', round.thought);
    textBlock('text', round.text);
    round.calls.forEach((call, i) => {
      const args = input(call);
      const name = TOOL_NAMES[call.type];
      lines.push(streamEvent({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: ids[i], name, input: {} } }));
      const json = JSON.stringify(args);
      // Tool input arrives in fragments of tens of bytes, large inputs in many of them.
      for (let at = 0; at < json.length; ) {
        const size = random.int(10, 120);
        lines.push(streamEvent({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json.slice(at, at + size) } }));
        at += size;
      }
      lines.push(assistant(messageId, [{ type: 'tool_use', id: ids[i], name, input: args }], u));
      lines.push(streamEvent({ type: 'content_block_stop', index }));
      index += 1;
    });
    lines.push(
      streamEvent({
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null, stop_details: null, container: null },
        usage: { output_tokens: random.int(20, 3000), input_tokens: null, cache_creation_input_tokens: null, cache_read_input_tokens: null, server_tool_use: null, iterations: null, output_tokens_details: null, fallback_credit: null },
        context_management: null,
      }),
    );
    lines.push(streamEvent({ type: 'message_stop' }));
    return lines;
  };

  let lastText = '';
  return {
    start: () => [init()],
    round(round) {
      const lines: string[] = [];
      if (turnRounds === ROUNDS_PER_TURN) {
        lines.push(result(lastText), init());
        turnRounds = 0;
      }
      turnRounds += 1;
      lastText = round.text;
      const messageId = `msg_01${random.token(22)}`;
      const ids = round.calls.map(() => `toolu_01${random.token(22)}`);
      const u = usage(random.int(1, 12), random.int(1, 40));
      lines.push(...(partial ? partialLines(messageId, round, ids, u) : completeLines(messageId, round, ids, u)));
      if (partial && random.chance(0.05)) {
        lines.push(JSON.stringify({ type: 'rate_limit_event', rate_limit_info: { status: 'allowed', resetsAt: 1767225600, rateLimitType: 'five_hour' }, uuid: uuid(), session_id: session }));
      }
      round.calls.forEach((call, i) => lines.push(userResult(ids[i] as string, call)));
      return lines;
    },
    end: () => [result(lastText)],
  };
}

export const claudeGenerator: StreamGenerator = {
  id: 'claude',
  provider: 'claude',
  description: 'Claude Code stream-json --verbose: one assistant line per block, tool results with `tool_use_result`',
  create: (content) => planned(content, writer(content, false)),
};

export const claudePartialGenerator: StreamGenerator = {
  id: 'claude-partial',
  provider: 'claude',
  description: 'Claude Code stream-json --verbose --include-partial-messages: text, thinking and tool input as deltas',
  create: (content) => planned(content, writer(content, true)),
};
