import type { Redis } from "ioredis";

/** One entry of a Redis Stream: its id (`<ms>-<seq>`) and its fields. */
export interface StreamEntry {
  readonly id: string;
  readonly fields: Readonly<Record<string, string>>;
}

type RawEntry = [id: string, fields: string[]];

function entriesOf(raw: readonly RawEntry[]): StreamEntry[] {
  return raw.map(([id, list]) => {
    const fields: Record<string, string> = {};
    for (let index = 0; index + 1 < list.length; index += 2) {
      fields[list[index] as string] = list[index + 1] as string;
    }
    return { id, fields };
  });
}

/**
 * XREAD of one stream (key prefixed by the connection, as every key is): the entries after
 * `afterId`, waiting up to `blockMs` for the first one; [] when none came. Blocks its
 * connection: run it on one of its own (`client.duplicate()`), never the command connection.
 */
export async function readStreamAfter(
  connection: Redis,
  key: string,
  afterId: string,
  options: { count: number; blockMs: number },
): Promise<StreamEntry[]> {
  const reply = await connection.xread(
    "COUNT",
    options.count,
    "BLOCK",
    options.blockMs,
    "STREAMS",
    key,
    afterId,
  );
  return reply === null ? [] : entriesOf(reply[0]?.[1] ?? []);
}

/** XRANGE of one stream: entries from `start` to `end` (ids or `-`/`+`), at most `count`. */
export async function rangeStream(
  client: Redis,
  key: string,
  start: string,
  end: string,
  count: number,
): Promise<StreamEntry[]> {
  return entriesOf(await client.xrange(key, start, end, "COUNT", count));
}
