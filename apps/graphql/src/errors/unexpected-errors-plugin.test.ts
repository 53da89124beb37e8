import { ApolloServer } from "@apollo/server";
import Fastify from "fastify";
import { Writable } from "node:stream";
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from "graphql";
import { describe, expect, it } from "vitest";
import { formatError } from "./graphql-errors.js";
import { unexpectedErrorsPlugin } from "./unexpected-errors-plugin.js";

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      fine: { type: GraphQLString, resolve: () => "ok" },
      broken: {
        type: GraphQLString,
        resolve: () => {
          throw new TypeError("Cannot read properties of undefined (reading 'secretColumn')");
        },
      },
    },
  }),
});

describe("unexpectedErrorsPlugin", () => {
  it("gives an internal error a request id and logs its cause under it", async () => {
    const lines: string[] = [];
    const { log } = Fastify({
      logger: {
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString("utf8"));
            done();
          },
        }),
      },
    });
    const server = new ApolloServer({
      schema,
      formatError,
      plugins: [unexpectedErrorsPlugin(log)],
    });
    const response = await server.executeOperation({ query: "{ fine broken }" });
    expect(response.body.kind).toBe("single");
    if (response.body.kind !== "single") return;
    const { data, errors } = response.body.singleResult;
    expect(data).toEqual({ fine: "ok", broken: null });
    const requestId = errors?.[0]?.extensions?.requestId;
    expect(errors).toEqual([
      {
        message: "Internal server error",
        locations: [{ line: 1, column: 8 }],
        path: ["broken"],
        extensions: { code: "INTERNAL_SERVER_ERROR", requestId },
      },
    ]);
    expect(response.http.headers.get("x-request-id")).toBe(requestId);
    const logged = lines.join("");
    expect(logged).toContain(String(requestId));
    expect(logged).toContain("secretColumn");

    // An answer without faults gets no id.
    const fine = await server.executeOperation({ query: "{ fine }" });
    expect(fine.http.headers.get("x-request-id")).toBeUndefined();
  });
});
