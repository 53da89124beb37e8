import { readFileSync } from "node:fs";
import { buildSchema, getNamedType, isInterfaceType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { typePolicies } from "../src/index.js";

const schema = buildSchema(
  readFileSync(new URL("../../../apps/graphql/schema.graphql", import.meta.url), "utf8"),
);
const roots = new Set(
  [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map(
    (t) => t?.name,
  ),
);
const types = Object.values(schema.getTypeMap()).flatMap((type) =>
  (isObjectType(type) || isInterfaceType(type)) && !type.name.startsWith("__") ? [type] : [],
);
const policies: Record<string, { keyFields?: unknown; fields?: Record<string, unknown> }> =
  typePolicies;

describe("the generated typePolicies", () => {
  it("key every Node by its id, and say for every other type whether it has a key", () => {
    for (const type of types.filter((t) => !roots.has(t.name))) {
      const identity = type.getInterfaces().some((i) => i.name === "Node") || type.name === "Node";
      if (identity) expect(policies[type.name]?.keyFields, type.name).toEqual(["id"]);
      else expect(policies[type.name]?.keyFields, type.name).toBeDefined();
    }
  });

  it("page every connection field, keyed by its non-paging arguments", () => {
    const connections = types.flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => getNamedType(field.type).name.endsWith("Connection"))
        .map((field) => ({ type: type.name, field })),
    );
    expect(connections.length).toBeGreaterThan(20);
    for (const { type, field } of connections) {
      const policy = policies[type]?.fields?.[field.name];
      const filters = field.args
        .map((arg) => arg.name)
        .filter((name) => !["first", "after", "last", "before"].includes(name));
      expect(policy, `${type}.${field.name}`).toMatchObject({
        keyArgs: filters.length === 0 ? false : filters,
        merge: expect.any(Function) as unknown,
        read: expect.any(Function) as unknown,
      });
    }
  });
});
