import { readFileSync } from "node:fs";
import { ApolloClient, ApolloLink, gql } from "@apollo/client";
import { buildSchema, isInterfaceType, isUnionType, getNamedType } from "graphql";
import { of } from "rxjs";
import { describe, expect, it } from "vitest";
import { createCache } from "../src/index.js";

const schema = buildSchema(
  readFileSync(new URL("../../../apps/graphql/schema.graphql", import.meta.url), "utf8"),
);

/** Every mutation whose result is a union, with each member that is an `Error`. */
const cases = Object.values(schema.getMutationType()?.getFields() ?? {}).flatMap((field) => {
  const result = getNamedType(field.type);
  if (!isUnionType(result)) return [];
  return result
    .getTypes()
    .filter((member) =>
      member.getInterfaces().some((i) => isInterfaceType(i) && i.name === "Error"),
    )
    .map((member) => ({ mutation: field.name, member: member.name }));
});

describe("every Error member of every mutation result, through Apollo Client and the generated cache", () => {
  it("covers the schema's mutations", () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  // The server is not what is tested here (test/apollo-cache.test.ts in examples/web-client runs
  // the real one): an answer of each member, as the server would send it, goes through the cache.
  it.each(cases)(
    "$mutation answering $member keeps code and message",
    async ({ mutation, member }) => {
      const answer = {
        [mutation]: { __typename: member, code: "SOME_CODE", message: "what failed" },
      };
      const client = new ApolloClient({
        link: new ApolloLink(() => of({ data: answer })),
        cache: createCache(),
      });
      const result = await client.mutate({
        mutation: gql(`mutation { ${mutation} { __typename ... on Error { code message } } }`),
      });
      expect(result.data).toEqual(answer);
    },
  );
});
