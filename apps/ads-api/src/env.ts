import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65_535);

/** Every setting of ads-api, with its default; README "Configuration" lists them. */
const schema = z.object({
  ADS_API_HOST: z.string().min(1).default("127.0.0.1"),
  ADS_API_PORT: port.default(4010),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

/** Parses the environment once; a bad value fails start with the variable's name and the rule. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment for @adsgraph/ads-api:\n${lines.join("\n")}`);
}
