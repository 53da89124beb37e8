import { describe, expect, it } from "vitest";
import { shapeOf } from "./resource-reads.js";

describe("shapeOf", () => {
  const campaign = () => ({ id: "c1", account_id: "a1", name: "Spring", currency: "USD" });

  it("hands over an item naming its account as it is, equal to the copy it replaces", () => {
    const item = campaign();
    const shaped = shapeOf("campaigns.get", item, "a1");
    expect(shaped).toBe(item);
    expect(JSON.stringify(shaped)).toBe(JSON.stringify({ ...item, account_id: "a1" }));
  });

  it("copies an item a snapshot answered, so its paths are reported as before", () => {
    const item = campaign();
    const shaped = shapeOf("campaigns.get", item, "a1", (value) => value === item);
    expect(shaped).not.toBe(item);
    expect(shaped).toEqual(item);
  });

  it("adds the account read from, and a card's kind, to a copy", () => {
    const other = campaign();
    expect(shapeOf("campaigns.get", other, "a2")).toEqual({ ...other, account_id: "a2" });
    const bare = { id: "c2", name: "No account" };
    const shaped = shapeOf("campaigns.get", bare, "a1");
    expect(shaped).not.toBe(bare);
    expect(Object.keys(shaped)).toEqual(["id", "name", "account_id"]);
    expect(bare).toEqual({ id: "c2", name: "No account" });
    const card = { id: "p1", account_id: "a1", name: "Poll" };
    expect(shapeOf("cards.poll.get", card, "a1")).toEqual({ ...card, card_kind: "poll" });
  });
});
