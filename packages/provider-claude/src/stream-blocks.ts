/**
 * What `--include-partial-messages` streamed of one content block: its type,
 * the text or thinking shown so far, and a tool call's name and input
 * fragments. Kept until the complete `assistant` line for the block arrives,
 * so that the line adds only what the deltas did not already show.
 */
export interface StreamedBlock {
  index: number;
  type: string;
  /** Text or thinking already emitted from deltas. */
  shown: string;
  /** Whether a complete `assistant` line has accounted for this block. */
  matched: boolean;
  toolId?: string | undefined;
  toolName?: string | undefined;
  /** `input_json_delta` fragments, parsed at `content_block_stop`. */
  json: string;
}

/** The message a thread (main or one subagent) is streaming, with its blocks by index. */
export interface StreamedMessage {
  messageId: string;
  blocks: Map<number, StreamedBlock>;
}

/**
 * The first streamed block of this type the complete lines have not yet
 * accounted for. Complete lines carry one block each without its stream index,
 * and arrive in block order, so the n-th complete text block is the n-th
 * streamed text block.
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
