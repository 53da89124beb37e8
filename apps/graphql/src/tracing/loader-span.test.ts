import { ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { tracedBatch } from "./loader-span.js";

const doubles = (keys: readonly number[]) => Promise.resolve(keys.map((key) => key * 2));

describe("tracedBatch", () => {
  it("untraced (no operation context) is the batch function itself", () => {
    expect(tracedBatch("doubles", doubles, undefined)).toBe(doubles);
  });

  it("without a started SDK records nothing and answers as the batch does", async () => {
    let active: ReturnType<typeof trace.getActiveSpan> = undefined;
    const batch = tracedBatch(
      "doubles",
      (keys: readonly number[]) => {
        active = trace.getActiveSpan();
        return doubles(keys);
      },
      ROOT_CONTEXT,
    );
    expect(await batch([1, 2, 3])).toEqual([2, 4, 6]);
    expect(active).toBeUndefined();
  });

  it("in a trace not sampled (a parent not recording) is the batch function itself", () => {
    const unsampled = trace.wrapSpanContext({
      traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
      spanId: "00f067aa0ba902b7",
      traceFlags: 0,
    });
    expect(tracedBatch("doubles", doubles, trace.setSpan(ROOT_CONTEXT, unsampled))).toBe(doubles);
  });

  it("passes a failure through", async () => {
    const batch = tracedBatch(
      "failing",
      () => Promise.reject(new Error("upstream down")),
      ROOT_CONTEXT,
    );
    await expect(batch([1])).rejects.toThrow("upstream down");
  });
});
