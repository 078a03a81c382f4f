/**
 * A map that holds the `limit` keys set last, forgetting the oldest first, for
 * per-stream state that must stay flat however long the stream. For state
 * whose keys are only ever added: the keys are kept in a ring, so the oldest
 * is found directly. (Deleting a Map's first key and asking `keys().next()`
 * for the next one scans the deleted slots V8 keeps until it rehashes, which
 * cost several percent of a long stream's parsing: x-bench.)
 */
export interface RecentMap<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  /** Sets a key; a new key beyond the limit makes the map forget its oldest. */
  set(key: K, value: V): void;
  /** Forgets every key. */
  clear(): void;
}

/** Creates a {@link RecentMap} of at most `limit` keys. */
export function createRecentMap<K, V>(limit: number): RecentMap<K, V> {
  const map = new Map<K, V>();
  const ring: K[] = [];
  let oldest = 0;
  return {
    get: (key) => map.get(key),
    has: (key) => map.has(key),
    set(key, value) {
      // One hash lookup, not two (has, then set): a key is new when the size
      // grew, and only a new key takes a place in the ring. Most sets of a
      // stream are of a key just set (a call's use, then its result).
      const size = map.size;
      map.set(key, value);
      if (map.size === size) return;
      if (ring.length < limit) {
        ring.push(key);
      } else {
        map.delete(ring[oldest] as K);
        ring[oldest] = key;
        oldest = (oldest + 1) % limit;
      }
    },
    clear() {
      // Most clears find the map empty (a scope without calls), and clearing
      // a Map allocates a new table even then (x-bench, Codex: a scope per
      // turn, 40,000 turns per 20 MB). The ring holds exactly the map's keys.
      if (map.size === 0) return;
      map.clear();
      ring.length = 0;
      oldest = 0;
    },
  };
}

/** Keys up to this many UTF-16 units are used as they are by {@link compactKey}. */
export const COMPACT_KEY_MAX_CHARS = 64;

/**
 * A running 64-bit hash of text (two 32-bit FNV-1a lanes), fed in pieces: the
 * hash of `a` then `b` equals the hash of `a + b`. Not cryptographic; for
 * recognising text already seen without keeping it.
 */
export interface TextHash {
  /** Feeds `text` from `start` up to (not including) `end`. */
  update(text: string, start: number, end: number): void;
  equals(other: TextHash): boolean;
  /** The hash as 16 hex digits. */
  hex(): string;
  /** @internal The two lanes. */
  readonly lanes: readonly [number, number];
}

/** Creates an empty {@link TextHash}. */
export function createTextHash(): TextHash {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  return {
    update(text, start, end) {
      let x = a;
      let y = b;
      for (let i = start; i < end; i++) {
        const code = text.charCodeAt(i);
        x = Math.imul(x ^ code, 16777619);
        y = Math.imul(y ^ code, 0x5bd1e995);
      }
      a = x;
      b = y;
    },
    equals(other) {
      return other.lanes[0] === a && other.lanes[1] === b;
    },
    hex() {
      return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
    },
    get lanes() {
      return [a, b] as const;
    },
  };
}

/**
 * A map key for an id of any length, bounded by bytes: an id of at most
 * {@link COMPACT_KEY_MAX_CHARS} is its own key, a longer one becomes its
 * length and 64-bit hash (`#<length>:<hex>`), a fresh string of 30 or so
 * characters that keeps no reference to the id. Per-stream id sets use it so
 * that 10,000 ids of 50 KB cost kilobytes, not half a gigabyte.
 */
export function compactKey(id: string): string {
  if (id.length <= COMPACT_KEY_MAX_CHARS) return id;
  const hash = createTextHash();
  hash.update(id, 0, id.length);
  return `\u0000#${id.length}:${hash.hex()}`;
}

/** The longest value read from a line that per-stream state keeps beside an id: longer than any real id, name or model. */
const KEPT_WHOLE_MAX_CHARS = 256;

/**
 * `value` when it is a string short enough to keep across lines whole
 * (`maxChars`, by default longer than any real id, name or model), else
 * `undefined`. Per-stream maps are bounded by a count of entries, and each
 * entry comes from a line of up to 16 MiB: a value kept beside an id (a
 * parent, a name, a model) is kept only while it is no longer than a real one,
 * so the maps stay bounded by bytes (docs/memory.md).
 */
export function keptWhole(value: unknown, maxChars = KEPT_WHOLE_MAX_CHARS): string | undefined {
  return typeof value === 'string' && value.length <= maxChars ? value : undefined;
}
