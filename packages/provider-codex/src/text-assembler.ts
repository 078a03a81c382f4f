/**
 * Turns text that arrives as deltas, growing snapshots and a final full copy
 * into append-only increments, so that each character is emitted once.
 * Holds only the text of blocks still open.
 */
export interface TextAssembler {
  /** A delta of block `id`: returned as it is, and remembered. */
  delta(id: string, chunk: string): string;
  /**
   * A snapshot of block `id` (the whole text so far); `final` closes the block.
   * Returns what the snapshot adds to what was emitted. A snapshot that does
   * not continue what was emitted adds nothing: emitted text cannot be taken back.
   */
  snapshot(id: string, text: string, final: boolean): string;
  /** Forgets every open block. */
  clear(): void;
}

/** Creates a {@link TextAssembler}. */
export function createTextAssembler(): TextAssembler {
  const open = new Map<string, string>();
  return {
    delta(id, chunk) {
      open.set(id, (open.get(id) ?? '') + chunk);
      return chunk;
    },
    snapshot(id, text, final) {
      const before = open.get(id) ?? '';
      const added = text.startsWith(before) ? text.slice(before.length) : '';
      if (final) open.delete(id);
      else if (added !== '') open.set(id, text);
      return added;
    },
    clear() {
      open.clear();
    },
  };
}
