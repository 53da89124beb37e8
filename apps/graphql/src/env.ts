import path from "node:path";
import { z } from "zod";

const appDir = path.resolve(import.meta.dirname, "..");

const port = z.coerce.number().int().min(0).max(65_535);

/** Every setting of the GraphQL app, with its default; README "Configuration" lists them. */
const schema = z.object({
  GRAPHQL_HOST: z.string().min(1).default("127.0.0.1"),
  GRAPHQL_PORT: port.default(4000),
  ADS_API_URL: z.url({ protocol: /^https?$/ }).default("http://127.0.0.1:4010"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z
    .string()
    .min(1)
    .default(path.join(appDir, ".data", "pglite")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

/** Parses the environment once; a bad value fails start with the variable's name and the rule. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment for @adsgraph/graphql:\n${lines.join("\n")}`);
}
