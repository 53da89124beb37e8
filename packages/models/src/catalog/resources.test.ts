import { describe, expect, it } from "vitest";
import { getEndpoint } from "./catalog.js";
import { RESOURCES, resourceOf, resourceOfList } from "./resources.js";

describe("resources", () => {
  it("read one by the list's path and the id, with the list's capability", () => {
    for (const entry of RESOURCES) {
      const list = getEndpoint(entry.list);
      expect(list.method, entry.list).toBe("GET");
      expect(list.locations.account_id, entry.list).toBe("path");
      if (entry.get === null) continue;
      const get = getEndpoint(entry.get);
      expect(get.method, entry.get).toBe("GET");
      expect(get.path, entry.get).toMatch(new RegExp(`^${list.path}/:[a-z_]+$`));
      expect(get.capability, entry.get).toBe(list.capability);
    }
  });

  it("look many up by an id list matching the items' id, and page it", () => {
    for (const entry of RESOURCES) {
      const list = getEndpoint(entry.list);
      expect(list.lookups, entry.list).toContainEqual({ param: entry.lookup, key: "id" });
      expect(list.paging, entry.list).not.toBeNull();
    }
  });

  it("are found by their read id, one resource per id", () => {
    expect(resourceOf("campaigns.get").list).toBe("campaigns.list");
    expect(resourceOf("promoted_posts.get").lookup).toBe("promoted_post_ids");
    expect(resourceOf("cards.image_conversation.list").lookup).toBe("card_ids");
    expect(() => resourceOf("accounts.list")).toThrow("reads no resource");
    expect(resourceOfList("cards.poll.list").get).toBe("cards.poll.get");
    expect(() => resourceOfList("accounts.list")).toThrow("lists no resource");
    const ids = RESOURCES.map((entry) => entry.get ?? entry.list);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
