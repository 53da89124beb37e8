import { loadEnv } from "./env.js";
import { buildServer } from "./server.js";

const env = loadEnv();
const app = buildServer({ logLevel: env.LOG_LEVEL });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close());

const url = await app.listen({ host: env.ADS_API_HOST, port: env.ADS_API_PORT });
console.log(`ads-api ready at ${url} (GET ${url}/health)`);
