import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { progressReporter } from "./progress-reporter.js";

function capture(tty: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY: tty });
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  return { stream, text: () => text };
}

describe("progressReporter", () => {
  it("writes plain lines off a terminal: the first, then at most one per interval, and the last", () => {
    const out = capture(false);
    let now = 0;
    const reporter = progressReporter(out.stream, { intervalMs: 1000, clock: () => now });
    reporter.update({ done: 10, total: 40, rate: 10 });
    now = 500;
    reporter.update({ done: 20, total: 40, rate: 10 });
    now = 1000;
    reporter.update({ done: 30, total: 40, rate: 10 });
    now = 1100;
    reporter.update({ done: 40, total: 40, rate: 10 });
    reporter.note("note");
    reporter.finish();
    expect(out.text().split("\n")).toEqual([
      "progress 10/40 records (25%), 10 records/s, ETA 3s",
      "progress 30/40 records (75%), 10 records/s, ETA 1s",
      "progress 40/40 records (100%), 10 records/s, ETA 0s",
      "note",
      "",
    ]);
  });

  it("writes the last count once off a terminal, however often it is reported", () => {
    const out = capture(false);
    const reporter = progressReporter(out.stream, { intervalMs: 1000, clock: () => 0 });
    reporter.update({ done: 40, total: 40, rate: 10 });
    reporter.update({ done: 40, total: 40, rate: 12 });
    reporter.finish();
    expect(out.text()).toBe("progress 40/40 records (100%), 10 records/s, ETA 0s\n");
  });

  it("redraws one line in place on a terminal and ends it before a note", () => {
    const out = capture(true);
    const reporter = progressReporter(out.stream);
    reporter.update({ done: 1, total: 2, rate: 1 });
    reporter.update({ done: 2, total: 2, rate: 1 });
    reporter.note("stopping");
    reporter.finish();
    const redraw = "\r\u001b[2K";
    const [first = "", second = "", rest = ""] = out.text().split(redraw).slice(1);
    expect(out.text().startsWith(redraw)).toBe(true);
    expect(first).toMatch(/^\[#+·+\] +50% 1\/2 records · 1\/s · ETA 1s$/);
    expect(second).toMatch(/^\[#+\] 100% 2\/2 records · 1\/s · ETA 0s\nstopping\n$/);
    expect(rest).toBe("");
  });
});
