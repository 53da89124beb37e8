// The baseline of the throughput bench (throughput.ts): a plain Apollo Server 5 + Pothos server
// on Fastify (the facade's integration, @as-integrations/fastify) whose schema has the facade's
// types, field names and connection shape for the benchmarked query, answering from memory what
// the facade answered (BENCH_PLAIN_DATA, a JSON file of PlainData). No database, no upstream, no
// plugins: what a GraphQL answer of that size costs at the least with the same stack.
// BENCH_PLAIN_CACHE=true makes it "plain-cached" (issue 37): a whole-response cache in memory,
// the least a plain server with such a cache does (plain-cache.ts).
import { readFileSync } from "node:fs";
import { ApolloServer } from "@apollo/server";
import fastifyApollo, { fastifyApolloDrainPlugin } from "@as-integrations/fastify";
import SchemaBuilder from "@pothos/core";
import Fastify from "fastify";
import { addResponseCache } from "./plain-cache.js";
import type {
  PlainCampaign,
  PlainConnection,
  PlainData,
  PlainFundingInstrument,
  PlainMoney,
} from "./plain-data.js";

const dataFile = process.env.BENCH_PLAIN_DATA;
if (dataFile === undefined) throw new Error("BENCH_PLAIN_DATA: the data file is required");
const data = JSON.parse(readFileSync(dataFile, "utf8")) as PlainData;

const builder = new SchemaBuilder<{ Scalars: { Micros: { Input: string; Output: string } } }>({
  // The facade's scope-auth plugin declares its options on every builder (a global type) when
  // the bench type-checks the facade's sources too; it is not registered here, so this is unused.
  scopeAuth: { authScopes: () => ({}) },
});
// The facade's Micros scalar sends a digit string (64-bit amounts); here it passes through.
builder.scalarType("Micros", {
  serialize: (value) => value,
  parseValue: (value) => String(value),
});
// The enum's values are the ones the captured answers use (the facade's schema has more).
const types = new Set(
  Object.values(data)
    .flatMap((pages) => Object.values(pages))
    .flatMap((page) => page.edges.map((edge) => edge.node.fundingInstrument?.type))
    .filter((type): type is string => type !== undefined),
);
const FundingInstrumentType = builder.enumType("FundingInstrumentType", {
  values: [...types],
});

const Money = builder.objectRef<PlainMoney>("Money").implement({
  fields: (t) => ({
    micros: t.expose("micros", { type: "Micros" }),
    currency: t.exposeString("currency"),
  }),
});
const FundingInstrument = builder.objectRef<PlainFundingInstrument>("FundingInstrument").implement({
  fields: (t) => ({
    rawId: t.exposeString("rawId"),
    type: t.field({ type: FundingInstrumentType, resolve: (fi) => fi.type }),
    currency: t.exposeString("currency"),
  }),
});
const Campaign = builder.objectRef<PlainCampaign>("Campaign").implement({
  fields: (t) => ({
    rawId: t.exposeString("rawId"),
    name: t.exposeString("name"),
    dailyBudget: t.field({ type: Money, nullable: true, resolve: (c) => c.dailyBudget }),
    fundingInstrument: t.field({
      type: FundingInstrument,
      nullable: true,
      resolve: (c) => c.fundingInstrument,
    }),
  }),
});
const PageInfo = builder.objectRef<PlainConnection["pageInfo"]>("PageInfo").implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean("hasNextPage"),
    endCursor: t.exposeString("endCursor", { nullable: true }),
  }),
});
const CampaignEdge = builder.objectRef<{ node: PlainCampaign }>("CampaignEdge").implement({
  fields: (t) => ({ node: t.field({ type: Campaign, resolve: (edge) => edge.node }) }),
});
const CampaignConnection = builder.objectRef<PlainConnection>("CampaignConnection").implement({
  fields: (t) => ({
    pageInfo: t.field({ type: PageInfo, resolve: (c) => c.pageInfo }),
    edges: t.field({ type: [CampaignEdge], resolve: (c) => c.edges }),
  }),
});
const Account = builder.objectRef<{ id: string }>("Account").implement({
  fields: (t) => ({
    campaigns: t.field({
      type: CampaignConnection,
      nullable: true,
      args: { first: t.arg.int(), after: t.arg.string() },
      resolve: (account, args) => data[account.id]?.[args.after ?? ""] ?? null,
    }),
  }),
});
builder.queryType({
  fields: (t) => ({
    account: t.field({
      type: Account,
      nullable: true,
      args: { rawId: t.arg.string({ required: true }) },
      resolve: (_root, args) => (data[args.rawId] === undefined ? null : { id: args.rawId }),
    }),
  }),
});

const app = Fastify();
const cached = process.env.BENCH_PLAIN_CACHE === "true";
if (cached) addResponseCache(app);
const apollo = new ApolloServer({
  schema: builder.toSchema(),
  plugins: [fastifyApolloDrainPlugin(app)],
});
await apollo.start();
await app.register(fastifyApollo(apollo), { path: "/graphql" });
const url = await app.listen({ host: "127.0.0.1", port: Number(process.env.BENCH_PORT ?? 0) });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close());
console.log(`plain${cached ? "-cached" : ""} ready at ${url}/graphql`);
