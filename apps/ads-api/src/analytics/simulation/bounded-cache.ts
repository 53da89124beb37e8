/**
 * A small least-recently-used map: the service has no cache dependency and this needs only
 * get, set and a bound (a Map keeps insertion order; a hit moves to the end, the first entry
 * is the oldest). The bound is a total weight: 1 per entry unless `weigh` says otherwise
 * (an entry that grows is set again to be weighed again).
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxWeight: number;
  readonly #weigh: (value: V) => number;
  #weight = 0;

  constructor(maxWeight: number, weigh: (value: V) => number = () => 1) {
    this.#maxWeight = maxWeight;
    this.#weigh = weigh;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#weight -= old.weight;
    }
    const weight = this.#weigh(value);
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    // Evict the oldest, but never the entry just set (a single heavy run still answers).
    for (const [oldest, entry] of this.#entries) {
      if (this.#weight <= this.#maxWeight || oldest === key) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
