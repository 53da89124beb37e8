// The baseline of the ads-api list comparison (throughput.ts): a bare Fastify server that sends,
// for any GET, the bytes and headers ads-api sent once (BENCH_BARE_BODY, BENCH_BARE_HEADERS
// files). No parsing, no database: what sending that answer costs at the least with Fastify.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const bodyFile = process.env.BENCH_BARE_BODY;
const headersFile = process.env.BENCH_BARE_HEADERS;
if (bodyFile === undefined || headersFile === undefined)
  throw new Error("BENCH_BARE_BODY and BENCH_BARE_HEADERS: the captured answer is required");
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8")) as Record<string, string>;

const app = Fastify();
app.get("/*", (_request, reply) => {
  void reply.headers(headers).send(body);
});
const url = await app.listen({ host: "127.0.0.1", port: Number(process.env.BENCH_PORT ?? 0) });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close());
console.log(`bare ready at ${url}`);
