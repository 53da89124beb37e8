import { getEndpoint } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { resolveSort } from "../paging/keyset-paging.js";
import { sortColumns } from "./sort-columns.js";

const id = { field: "id", type: "string" } as const;
const createdAt = { field: "createdAt", type: "date" } as const;
const updatedAt = { field: "updatedAt", type: "date" } as const;

describe("sortColumns", () => {
  it("offers exactly the catalog's attributes, in its order, whatever else has a column", () => {
    const sortable = sortColumns("account_apps.list", {
      updated_at: updatedAt,
      created_at: createdAt,
      name: { field: "nameSort", type: "string" },
      id,
      secret_column: { field: "secret", type: "string" },
    });
    expect(Object.keys(sortable)).toEqual(getEndpoint("account_apps.list").sortable);
    expect(() => resolveSort("secret_column-asc", sortable, "id-asc")).toThrow(
      "sort_by must be <attribute>-asc or <attribute>-desc with attribute one of id, name, created_at, updated_at",
    );
  });

  it("refuses to start when an attribute the catalog declares has no column", () => {
    expect(() => sortColumns("account_apps.list", { id, created_at: createdAt })).toThrow(
      "account_apps.list sorts by name, updated_at: say which column holds each",
    );
  });

  it("refuses to start when a name is sorted by its own column, not its lower-case key", () => {
    expect(() =>
      sortColumns("account_apps.list", {
        id,
        name: { field: "name", type: "string" },
        created_at: createdAt,
        updated_at: updatedAt,
      }),
    ).toThrow(/account_apps.list sorts by name from name: sort by its lower-case key/);
  });
});
