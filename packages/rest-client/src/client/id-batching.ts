import { idListMax, LIMITS } from "@adsgraph/models";
import type { AnyEndpoint, LookupSpec } from "@adsgraph/models";

/** Distinct ids in first-seen order. */
export function uniqueIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

/**
 * How many ids one request may carry in the id-list parameter `param`: the catalog's own
 * maximum for that list (spec §4.2: 200; §4.9 post lookup: 100), or 200 where the catalog sets
 * none (a URL of 200 ids stays well inside what servers read).
 */
export function idsPerRequest(endpoint: AnyEndpoint, param: string): number {
  return idListMax(endpoint, param) ?? LIMITS.idsPerList;
}

/** Splits ids into requests of at most `size` (see `idsPerRequest`). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size ${size} is not ≥ 1`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs `task` over every input with at most `concurrency` running; results keep input order. */
export async function mapBounded<I, O>(
  inputs: readonly I[],
  concurrency: number,
  task: (input: I, index: number) => Promise<O>,
): Promise<O[]> {
  const results = new Array<O>(inputs.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < inputs.length) {
      const index = next++;
      try {
        results[index] = await task(inputs[index] as I, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, concurrency), inputs.length) }, worker),
  );
  if (failure !== undefined) throw failure.error;
  return results;
}

export interface ManyResult<T> {
  /** Items found, in the order of the distinct input ids. */
  readonly found: T[];
  /** Input ids with no item in the answers (deleted ones too unless with_deleted), in input order. */
  readonly missing: string[];
}

/** Matches fetched items back to ids: input order kept, duplicates once, missing ids reported. */
export function matchIds<T>(
  ids: readonly string[],
  items: Iterable<T>,
  key: string,
): ManyResult<T> {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const value = (item as Record<string, unknown>)[key];
    if ((typeof value === "string" || typeof value === "number") && !byKey.has(String(value))) {
      byKey.set(String(value), item);
    }
  }
  const found: T[] = [];
  const missing: string[] = [];
  for (const id of uniqueIds(ids)) {
    const item = byKey.get(id);
    if (item === undefined) missing.push(id);
    else found.push(item);
  }
  return { found, missing };
}

/**
 * Looks up many ids through a list endpoint: de-duplicated, at most `size` per request (the
 * list's own maximum, `idsPerRequest`), run with bounded concurrency, matched back in input
 * order with the missing ids reported. `fetchChunk` receives one chunk's ids and resolves with
 * every item of its answer(s).
 */
export async function getManyByIds<T>(
  ids: readonly string[],
  lookup: LookupSpec,
  batching: { readonly size: number; readonly concurrency: number },
  fetchChunk: (ids: string[]) => Promise<T[]>,
): Promise<ManyResult<T>> {
  const distinct = uniqueIds(ids);
  const answers = await mapBounded(chunk(distinct, batching.size), batching.concurrency, (part) =>
    fetchChunk(part),
  );
  return matchIds(distinct, answers.flat(), lookup.key);
}
