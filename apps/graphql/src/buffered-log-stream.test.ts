import { afterEach, describe, expect, it, vi } from "vitest";
import { bufferedLogStream, LOG_FLUSH_MS } from "./buffered-log-stream.js";

describe("buffered log stream", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes lines together once the buffer fills, in order, nothing lost", () => {
    const written: string[] = [];
    const stream = bufferedLogStream({ maxBytes: 30, out: (text) => written.push(text) });
    stream.write("line one\n");
    stream.write("line two\n");
    expect(written).toEqual([]);
    stream.write("line three, past the size\n");
    expect(written).toEqual(["line one\nline two\nline three, past the size\n"]);
    stream.close();
  });

  it("writes a lone line after LOG_FLUSH_MS, and each line at once after close", () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const stream = bufferedLogStream({ maxBytes: 16_384, out: (text) => written.push(text) });
    stream.write("quiet\n");
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(["quiet\n"]);
    stream.write("pending\n");
    stream.close();
    stream.write("after close\n");
    expect(written).toEqual(["quiet\n", "pending\n", "after close\n"]);
  });
});
