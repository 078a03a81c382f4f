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
      if (!map.has(key)) {
        if (ring.length < limit) {
          ring.push(key);
        } else {
          map.delete(ring[oldest] as K);
          ring[oldest] = key;
          oldest = (oldest + 1) % limit;
        }
      }
      map.set(key, value);
    },
  };
}
