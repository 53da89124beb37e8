import { activityEventSchema } from "@adsgraph/models";
import type { ActivityEvent } from "@adsgraph/models";

/**
 * Helpers of the activity tests (issue 18): a reader of GET /2/activity/stream that hands out
 * its lines one by one (actions are simulated through the kit's `simulateActivity`).
 */

/** Where the base role is reached: a test server, or one replica's own address. */
export interface BaseHost {
  readonly urls: { readonly base: string };
}

/** An open activity stream: lines as they arrive (blank ones are keep-alives). */
export class StreamReader {
  readonly status: number;
  readonly contentType: string;
  /** The id the stream says it starts after (`x-activity-starts-after`, issue 34). */
  readonly startsAfter: string | null;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  readonly #controller: AbortController;
  readonly #decoder = new TextDecoder();
  #buffer = "";
  #done = false;

  private constructor(response: Response, controller: AbortController) {
    this.status = response.status;
    this.contentType = response.headers.get("content-type") ?? "";
    this.startsAfter = response.headers.get("x-activity-starts-after");
    this.#reader = response.body?.getReader();
    this.#controller = controller;
  }

  static async open(
    server: BaseHost,
    authorization: string | undefined,
    query: Record<string, string> = {},
  ): Promise<StreamReader> {
    const controller = new AbortController();
    const search = new URLSearchParams(query).toString();
    const response = await fetch(
      `${server.urls.base}/2/activity/stream${search === "" ? "" : `?${search}`}`,
      {
        headers: authorization === undefined ? {} : { authorization },
        signal: controller.signal,
      },
    );
    return new StreamReader(response, controller);
  }

  /** The next line without its line break; undefined once the server ended the stream. */
  async line(): Promise<string | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf("\n");
      if (end >= 0) {
        const line = this.#buffer.slice(0, end).replace(/\r$/, "");
        this.#buffer = this.#buffer.slice(end + 1);
        return line;
      }
      if (this.#done || this.#reader === undefined) return undefined;
      const chunk = await this.#reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done || chunk.value === undefined) {
        this.#done = true;
        continue;
      }
      this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next event (keep-alive lines skipped), parsed with the catalog's schema. */
  async event(): Promise<ActivityEvent> {
    for (;;) {
      const line = await this.line();
      if (line === undefined) throw new Error("the stream ended");
      if (line === "") continue;
      return activityEventSchema.parse(JSON.parse(line));
    }
  }

  /** The next `count` events. */
  async events(count: number): Promise<ActivityEvent[]> {
    const seen: ActivityEvent[] = [];
    while (seen.length < count) seen.push(await this.event());
    return seen;
  }

  /** Reads until the server ends the stream; the events read on the way. */
  async ended(): Promise<string[]> {
    const rest: string[] = [];
    for (let line = await this.line(); line !== undefined; line = await this.line()) {
      if (line !== "") rest.push(line);
    }
    return rest;
  }

  /** The whole body of a refused (non-stream) answer. */
  async text(): Promise<string> {
    let text = "";
    for (let line = await this.line(); line !== undefined; line = await this.line()) {
      text += line;
    }
    return text + this.#buffer;
  }

  close(): void {
    this.#controller.abort();
  }
}
