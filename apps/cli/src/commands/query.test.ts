import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connectionTable, costReport, parseVariables } from "./query.js";

describe("parseVariables", () => {
  it("reads a JSON object inline or from @file", async () => {
    expect(await parseVariables(undefined)).toBeUndefined();
    expect(await parseVariables('{"id": "dmo1ab"}')).toEqual({ id: "dmo1ab" });
    const dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-cli-vars-"));
    try {
      await writeFile(path.join(dir, "v.json"), '{"first": 2}');
      expect(await parseVariables(`@${path.join(dir, "v.json")}`)).toEqual({ first: 2 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses what is not a JSON object as a usage error", async () => {
    await expect(parseVariables("{nope")).rejects.toMatchObject({ exitCode: 2 });
    await expect(parseVariables("[1]")).rejects.toThrow("--variables: must be a JSON object");
    await expect(parseVariables("@/no/such/file.json")).rejects.toThrow(
      "--variables: cannot read /no/such/file.json (ENOENT)",
    );
  });
});

describe("connectionTable", () => {
  it("prints the first connection's nodes, or says one is needed", () => {
    expect(
      connectionTable({ viewer: { accounts: { edges: [{ node: { rawId: "a", name: "A" } }] } } }),
    ).toBe("rawId  name\na      A\n");
    expect(() => connectionTable({ health: "ok" })).toThrow(/needs a connection/);
  });
});

describe("costReport", () => {
  it("says when the facade sent no cost, leaving the answer as it is", () => {
    expect(costReport({ data: { health: "ok" } })).toBe("cost: the facade reported none\n");
    expect(
      costReport({
        data: null,
        extensions: {
          cost: {
            mode: "run",
            planned: { lower: 0, upper: 0, exact: true },
            actual: 0,
            windows: [],
            unplanned: [],
            waitedMs: 0,
          },
        },
      }),
    ).toBe("cost: planned 0 requests, sent 0\n");
  });
});
