import { describe, expect, it } from "vitest";
import { renderTable } from "./table.js";

describe("renderTable", () => {
  it("aligns every column to its widest cell, with no trailing spaces", () => {
    expect(
      renderTable(
        ["ID", "NAME", "STATUS"],
        [
          ["dmo1ab", "Demo Coffee Roasters", "ACTIVE"],
          ["x", "Tea", ""],
        ],
      ),
    ).toBe(
      [
        "ID      NAME                  STATUS",
        "dmo1ab  Demo Coffee Roasters  ACTIVE",
        "x       Tea",
        "",
      ].join("\n"),
    );
  });

  it("counts an emoji as one character and escapes control characters", () => {
    const table = renderTable(
      ["A", "B"],
      [
        ["👍🏽", "x"],
        ["tab\there", "y"],
      ],
    );
    const gap = (n: number) => " ".repeat(n);
    // "tab\u0009here" is 13 characters wide; the emoji is one.
    expect(table.split("\n")).toEqual([
      `A${gap(12 + 2)}B`,
      `👍🏽${gap(12 + 2)}x`,
      "tab\\u0009here  y",
      "",
    ]);
  });

  it("prints the header alone for no rows", () => {
    expect(renderTable(["ID", "NAME"], [])).toBe("ID  NAME\n");
  });
});

describe("renderTable alignRight", () => {
  it("aligns the named columns right, header too, and leaves no trailing space", () => {
    expect(
      renderTable(
        ["NAME", "COUNT", "NOTE"],
        [
          ["a", "5", "x"],
          ["bb", "12345", ""],
        ],
        { alignRight: [1] },
      ),
    ).toBe(["NAME  COUNT  NOTE", "a         5  x", "bb    12345", ""].join("\n"));
  });
});
