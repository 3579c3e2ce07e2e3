/** Entries kept by the route and path-matching caches: enough for every route, bounded all the same. */
export const CACHE_LIMIT = 10000;

/**
 * A Map that forgets its oldest entry once it holds `limit` entries. A long
 * session that visits (or hovers) thousands of paths keeps memory bounded,
 * and recent paths, the ones likely revisited, stay cached.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly limit = CACHE_LIMIT) {}

  get size() { return this.map.size; }
  get(key: K): V | undefined { return this.map.get(key); }
  has(key: K): boolean { return this.map.has(key); }
  delete(key: K) { this.map.delete(key); }

  set(key: K, value: V) {
    this.map.delete(key);
    if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
  }
}
