import { describe, expect, it } from "vitest";
import {
  createOperationLabels,
  MAX_OPERATION_NAME_LENGTH,
  OTHER,
  UNKNOWN,
} from "./operation-labels.js";

describe("operation labels", () => {
  it("keeps the first distinct names, then answers other, and keeps answering known ones", () => {
    const labelOf = createOperationLabels(3);
    expect(["A", "B", "A", "C"].map(labelOf)).toEqual(["A", "B", "A", "C"]);
    expect(labelOf("D")).toBe(OTHER);
    expect(labelOf("E")).toBe(OTHER);
    expect(labelOf("B")).toBe("B");
    expect(labelOf(undefined)).toBe(UNKNOWN);
  });

  it("cuts long names, so a label's length never depends on the client", () => {
    const labelOf = createOperationLabels();
    const long = `Q${"x".repeat(500)}`;
    expect(labelOf(long)).toHaveLength(MAX_OPERATION_NAME_LENGTH);
    expect(labelOf(`${long}y`)).toBe(labelOf(long));
  });
});
