import { compactKey, createTextHash, type TextHash } from './recent-keys.js';

/**
 * The most text of one block an assembler keeps verbatim, in UTF-16 units.
 * Past it (or past {@link TEXT_ASSEMBLER_BUDGET_CHARS} for all blocks), the
 * block is kept as a length and a 64-bit hash of what was streamed.
 */
export const TEXT_ASSEMBLER_BLOCK_CHARS = 8 * 1024;
/** The most text an assembler keeps verbatim over all its open blocks, in UTF-16 units (2 MiB). */
export const TEXT_ASSEMBLER_BUDGET_CHARS = 1024 * 1024;
/** How many blocks an assembler remembers by default; the one touched longest ago is forgotten first. */
export const TEXT_ASSEMBLER_MAX_BLOCKS = 1024;

/** How a complete copy of a block relates to what its deltas showed. */
export type TextCopyMatch =
  /** Nothing was streamed for the block: the whole copy is new. */
  | 'new'
  /** The copy starts with everything streamed: only its rest is new. */
  | 'continues'
  /** The copy does not start with what was streamed: emitted text cannot be taken back, so it adds nothing. */
  | 'differs';

/** What {@link TextAssembler.copy} found. */
export interface TextCopy {
  /** The text to emit: the part of the copy not streamed yet (`''` when it adds nothing). */
  added: string;
  match: TextCopyMatch;
}

/**
 * Merges text that arrives as deltas, growing snapshots and a later complete
 * copy into append-only increments, so that each character is emitted once.
 * The check is a prefix check (the copy must start with what was streamed),
 * never a cut by length. Memory is bounded by bytes: each block keeps at most
 * {@link TEXT_ASSEMBLER_BLOCK_CHARS} verbatim, then only its length and a
 * hash; ids are compacted (see `compactKey`); at most `maxBlocks` blocks.
 */
export interface TextAssembler {
  /** Records a delta of block `id` and returns it (to emit as it is). */
  delta(id: string, chunk: string): string;
  /**
   * A snapshot or complete copy of block `id`: the whole text so far. Returns
   * what it adds to what was streamed. `final` forgets the block afterwards;
   * otherwise a copy that continues becomes what was streamed, so that a
   * repeated copy adds nothing.
   */
  copy(id: string, text: string, final: boolean): TextCopy;
  /** How many UTF-16 units of block `id` were streamed (0 for a block not seen or forgotten). */
  streamedLength(id: string): number;
  /** Forgets block `id`. */
  forget(id: string): void;
  /** Forgets every block. */
  clear(): void;
}

/** Options of {@link createTextAssembler}. */
export interface TextAssemblerOptions {
  /** How many blocks are remembered at once (default {@link TEXT_ASSEMBLER_MAX_BLOCKS}). */
  maxBlocks?: number;
}

/** One block: verbatim while small (`text`), then a length and a hash of everything streamed. */
interface Block {
  length: number;
  text: string | undefined;
  hash: TextHash | undefined;
}

/** Creates a {@link TextAssembler}. */
export function createTextAssembler(options: TextAssemblerOptions = {}): TextAssembler {
  const maxBlocks = options.maxBlocks ?? TEXT_ASSEMBLER_MAX_BLOCKS;
  const blocks = new Map<string, Block>();
  let kept = 0;
  // The block touched last: deltas of one block come in a row, and moving its
  // entry to the end of the map on each would cost a delete and a set.
  let newest: string | undefined;

  const drop = (key: string) => {
    const block = blocks.get(key);
    if (block?.text !== undefined) kept -= block.text.length;
    blocks.delete(key);
    if (newest === key) newest = undefined;
  };
  const touch = (key: string): Block => {
    let block = blocks.get(key);
    if (key === newest && block !== undefined) return block;
    if (block !== undefined) blocks.delete(key);
    else block = { length: 0, text: '', hash: undefined };
    blocks.set(key, block);
    newest = key;
    if (blocks.size > maxBlocks) drop(blocks.keys().next().value as string);
    return block;
  };
  const append = (block: Block, chunk: string) => {
    block.length += chunk.length;
    if (block.text !== undefined) {
      const grown = block.text.length + chunk.length;
      if (grown <= TEXT_ASSEMBLER_BLOCK_CHARS && kept + chunk.length <= TEXT_ASSEMBLER_BUDGET_CHARS) {
        block.text += chunk;
        kept += chunk.length;
        return;
      }
      // Too large to keep: from here on the block is its hash.
      block.hash = createTextHash();
      block.hash.update(block.text, 0, block.text.length);
      kept -= block.text.length;
      block.text = undefined;
    }
    block.hash?.update(chunk, 0, chunk.length);
  };
  const startsWith = (block: Block, text: string): boolean => {
    if (text.length < block.length) return false;
    if (block.text !== undefined) return text.startsWith(block.text);
    const hash = createTextHash();
    hash.update(text, 0, block.length);
    return hash.equals(block.hash as TextHash);
  };

  return {
    delta(id, chunk) {
      if (chunk !== '') append(touch(compactKey(id)), chunk);
      return chunk;
    },
    copy(id, text, final) {
      const key = compactKey(id);
      const block = blocks.get(key);
      let result: TextCopy;
      if (block === undefined || block.length === 0) result = { added: text, match: 'new' };
      else if (startsWith(block, text)) result = { added: text.slice(block.length), match: 'continues' };
      else result = { added: '', match: 'differs' };
      if (final) drop(key);
      else if (result.added !== '') append(touch(key), result.added);
      return result;
    },
    streamedLength(id) {
      return blocks.get(compactKey(id))?.length ?? 0;
    },
    forget(id) {
      drop(compactKey(id));
    },
    clear() {
      // Most clears find no block (a Codex turn without streamed text), and clearing a Map allocates even then.
      if (blocks.size > 0) blocks.clear();
      kept = 0;
      newest = undefined;
    },
  };
}

/**
 * Text gathered from many events with a bound: the first `maxChars` UTF-16
 * units are kept, the rest only counted. For a run's final message and any
 * other text a consumer rebuilds from a stream, so that no input can make
 * the string grow past a known size (V8 throws `Invalid string length` near
 * 512 MiB).
 */
export interface BoundedText {
  /** Appends text; what does not fit is counted in {@link BoundedText.dropped}. */
  append(text: string): void;
  /** Empties the buffer. */
  reset(): void;
  /** The text kept. */
  readonly text: string;
  /** How many UTF-16 units did not fit. */
  readonly dropped: number;
}

/**
 * A copy of `text` that shares no memory with a larger string: V8 makes a cut
 * of 13 or more characters a view into the string it was cut from, which
 * would keep a whole 16 MiB line alive for the sake of its head.
 */
export function detachText(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The {@link BoundedText} of {@link createBoundedText}, as a class: its
 * accessors live on the prototype. An object literal with accessors is built
 * by the runtime each time (about 2 µs in Node 20, against 10 ns for a class
 * instance), and Claude Code's sources make one per message (x-bench,
 * claude-recorded: 2.5% of a render).
 */
class BoundedTextBuffer implements BoundedText {
  private kept = '';
  private cut = 0;

  constructor(private readonly maxChars: number) {}

  append(more: string): void {
    if (this.cut === 0 && this.kept.length + more.length <= this.maxChars) {
      this.kept += more;
      return;
    }
    // Once anything was dropped, nothing more is kept: the text stays a prefix of what was appended.
    let room = this.cut === 0 ? this.maxChars - this.kept.length : 0;
    // A cut never splits a surrogate pair.
    if (room > 0 && isHighSurrogate(more.charCodeAt(room - 1))) room -= 1;
    this.cut += more.length - room;
    if (room > 0) this.kept = detachText(this.kept + more.slice(0, room));
  }

  reset(): void {
    this.kept = '';
    this.cut = 0;
  }

  get text(): string {
    return this.kept;
  }

  get dropped(): number {
    return this.cut;
  }
}

/** Creates a {@link BoundedText} of at most `maxChars` UTF-16 units. */
export function createBoundedText(maxChars: number): BoundedText {
  return new BoundedTextBuffer(maxChars);
}
