import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countRecords } from "./count-records.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-cli-count-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function count(text: string): Promise<number> {
  const file = path.join(dir, "records.txt");
  await writeFile(file, text);
  return countRecords(file);
}

describe("countRecords", () => {
  it("counts lines as the upload reads them: a last line without a newline counts", async () => {
    expect(await count("")).toBe(0);
    expect(await count("a\n")).toBe(1);
    expect(await count("a\nb")).toBe(2);
    expect(await count("a\r\n\nb\n")).toBe(3);
  });

  it("counts across read chunks", async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `user${i}@example.com`);
    expect(await count(`${lines.join("\n")}\n`)).toBe(100_000);
  });
});
