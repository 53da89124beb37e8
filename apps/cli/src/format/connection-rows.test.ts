import { describe, expect, it } from "vitest";
import { findConnection, nodeRows } from "./connection-rows.js";

describe("findConnection", () => {
  it("finds the connection nearest the root, not one inside its nodes", () => {
    const data = {
      viewer: {
        accounts: {
          edges: [{ node: { id: "a", campaigns: { edges: [{ node: { id: "c" } }] } } }],
        },
      },
    };
    expect(findConnection(data)).toEqual({
      path: ["viewer", "accounts"],
      nodes: [{ id: "a", campaigns: { edges: [{ node: { id: "c" } }] } }],
    });
  });

  it("finds none in an answer without edges", () => {
    expect(findConnection({ health: "ok" })).toBeUndefined();
    expect(findConnection(null)).toBeUndefined();
  });
});

describe("nodeRows", () => {
  it("flattens nested fields into dotted columns in selection order", () => {
    const rows = nodeRows([
      { rawId: "c1", name: "Spring", dailyBudget: { micros: "5000000", currency: "USD" } },
      { rawId: "c2", name: "Fall", dailyBudget: null, tags: ["a", "b"] },
    ]);
    expect(rows).toEqual({
      columns: [
        "rawId",
        "name",
        "dailyBudget.micros",
        "dailyBudget.currency",
        "dailyBudget",
        "tags",
      ],
      rows: [
        ["c1", "Spring", "5000000", "USD", "", ""],
        ["c2", "Fall", "", "", "", "a, b"],
      ],
    });
  });

  it("shows a nested connection or list of objects as JSON", () => {
    const { rows } = nodeRows([{ id: "a", items: [{ x: 1 }], deleted: false, count: 3 }]);
    expect(rows).toEqual([["a", '[{"x":1}]', "false", "3"]]);
  });
});
