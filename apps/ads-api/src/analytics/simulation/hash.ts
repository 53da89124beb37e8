/**
 * Random access to a deterministic stream: a uniform number for any (entity, hour, draw),
 * computed alone. A sequential PRNG (seeded-random.ts) would make hour h depend on every
 * hour before it; a hash lets a query read any hour without replaying history.
 */

const seeds = new Map<string, number>();
const MAX_SEEDS = 100_000;

/** xmur3's string hash, finalised: a 32-bit seed per entity id (memoised). */
export function seedOf(id: string): number {
  const known = seeds.get(id);
  if (known !== undefined) return known;
  let h = 1779033703 ^ id.length;
  for (let i = 0; i < id.length; i += 1) {
    h = Math.imul(h ^ id.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const seed = fmix(h);
  if (seeds.size >= MAX_SEEDS) seeds.clear();
  seeds.set(id, seed);
  return seed;
}

/** murmur3's 32-bit finaliser: full avalanche of every input bit. */
function fmix(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A uniform number in [0, 1) for draw `draw` of hour `hour` of the entity seeded `seed`. */
export function uniform(seed: number, hour: number, draw: number): number {
  const x = fmix(seed ^ Math.imul(hour | 0, 0x9e3779b1));
  return fmix(x ^ Math.imul(draw + 1, 0x27d4eb2f)) / 4_294_967_296;
}
