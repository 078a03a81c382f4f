import { keptWhole } from '@x/core/provider-utils';

/**
 * Bounds of the per-stream state (docs/memory.md): blocks tracked per
 * message, threads (main plus subagents) streaming at once, and the longest
 * tool input gathered from `input_json_delta` fragments (past it, the call is
 * announced from its complete line, or with no input).
 */
export const MAX_BLOCKS_PER_MESSAGE = 1024;

/**
 * Whether a streamed block's start is kept until its stop. Up to 1,024
 * blocks per message are kept, on up to 64 threads, each from a line of up
 * to 16 MiB: a block whose type, call id or tool name is longer than any
 * real one (or whose name is no string) is not kept, and its complete line
 * shows it, as it does a block past the count.
 */
export function keepsBlock(type: string, call: { id?: string | undefined; name: unknown } | undefined): boolean {
  if (keptWhole(type) === undefined) return false;
  if (call === undefined) return true;
  return (call.id === undefined || keptWhole(call.id) !== undefined) && keptWhole(call.name) !== undefined;
}

/**
 * Whether a streamed message is kept while its blocks arrive: up to 64
 * threads stream at once, each keeping its message's id (which names its
 * blocks' events), from a line of up to 16 MiB. A message whose id is longer
 * than any real one (`msg_` and two dozen characters) is not kept: its
 * complete assistant lines show it, as they do without partial messages.
 */
export function keepsMessage(messageId: string): boolean {
  return keptWhole(messageId) !== undefined;
}
export const MAX_THREADS = 64;
export const MAX_TOOL_JSON_CHARS = 16 * 1024 * 1024;

/**
 * The blocks gathering `input_json_delta` fragments, oldest first, and the
 * characters they hold. One budget for the whole stream: a block's fragments
 * are kept until its `content_block_stop`, and a stream may start a thousand
 * call blocks in each of 64 threads and never stop them, so a bound per block
 * alone let memory grow with the input. Past {@link MAX_TOOL_JSON_CHARS} in
 * all, or {@link MAX_THREADS} blocks, the oldest block's fragments are
 * dropped: its complete line, or no input, announces that call.
 */
export interface ToolJsonBudget {
  blocks: StreamedBlock[];
  chars: number;
}

/** An empty {@link ToolJsonBudget}. */
export const emptyToolJsonBudget = (): ToolJsonBudget => ({ blocks: [], chars: 0 });

/** Adds a fragment to `block`'s input, within the stream's {@link ToolJsonBudget}. */
export function gatherToolJson(budget: ToolJsonBudget, block: StreamedBlock, fragment: string): void {
  if (block.json === undefined) return;
  if (!budget.blocks.includes(block)) budget.blocks.push(block);
  block.json += fragment;
  budget.chars += fragment.length;
  while (budget.chars > MAX_TOOL_JSON_CHARS || budget.blocks.length > MAX_THREADS) {
    const oldest = budget.blocks.shift() as StreamedBlock;
    budget.chars -= oldest.json?.length ?? 0;
    oldest.json = undefined;
  }
}

/** Takes `block`'s gathered input out of the budget, at its `content_block_stop`. */
export function takeToolJson(budget: ToolJsonBudget, block: StreamedBlock): string | undefined {
  const json = block.json;
  const at = budget.blocks.indexOf(block);
  if (at >= 0) {
    budget.blocks.splice(at, 1);
    budget.chars -= json?.length ?? 0;
  }
  block.json = '';
  return json;
}

/** Sets `key` in a map that keeps at most `limit` keys, forgetting the one set longest ago. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as K);
}

/**
 * What `--include-partial-messages` streamed of one content block: its type,
 * and a tool call's name and input fragments. Its text or thinking is in the
 * state's text assembler. Kept until the complete `assistant` line for the
 * block arrives, so that the line adds only what the deltas did not already
 * show.
 */
export interface StreamedBlock {
  index: number;
  type: string;
  /** Whether a complete `assistant` line has accounted for this block. */
  matched: boolean;
  toolId?: string | undefined;
  /** The name as the wire gave it (a string, unless the block is malformed). */
  toolName?: unknown;
  /** `input_json_delta` fragments, parsed at `content_block_stop`; `undefined` once dropped (see {@link ToolJsonBudget}). */
  json: string | undefined;
}

/** The message a thread (main or one subagent) is streaming, with its blocks by index. */
export interface StreamedMessage {
  messageId: string;
  blocks: Map<number, StreamedBlock>;
}

/**
 * The first streamed block of this type the complete lines have not yet
 * accounted for. This is not text de-duplication (core's text assembler does
 * that, by prefix): it finds which streamed block a complete line restates.
 * Complete lines carry one block each without its stream index, and arrive in
 * block order, so the n-th complete text block is the n-th streamed text block.
 */
export function takeStreamedBlock(message: StreamedMessage, type: string): StreamedBlock | undefined {
  let found: StreamedBlock | undefined;
  for (const block of message.blocks.values()) {
    if (block.type !== type || block.matched) continue;
    if (found === undefined || block.index < found.index) found = block;
  }
  if (found !== undefined) found.matched = true;
  return found;
}
