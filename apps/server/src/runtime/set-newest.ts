/**
 * Sets `key` in `map` as its newest entry (a Map iterates in insertion order, so the key is
 * deleted first to move it to the end), then drops the oldest entry once the map holds more
 * than `maxEntries`: a bounded in-process memory that forgets what was touched longest ago.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxEntries) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
