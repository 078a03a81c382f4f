/**
 * Bounds of the per-stream state (docs/memory.md): blocks tracked per
 * message, threads (main plus subagents) streaming at once, and the longest
 * tool input gathered from `input_json_delta` fragments (past it, the call is
 * announced from its complete line, or with no input).
 */
export const MAX_BLOCKS_PER_MESSAGE = 1024;
export const MAX_THREADS = 64;
export const MAX_TOOL_JSON_CHARS = 16 * 1024 * 1024;

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
  /** `input_json_delta` fragments, parsed at `content_block_stop`; `undefined` once past {@link MAX_TOOL_JSON_CHARS}. */
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
