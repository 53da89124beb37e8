import { LOCAL_HOSTS } from "../hosts.js";

/** What the upload command reads from the environment: where to send and as whom. */
export interface UploadEnv {
  readonly adsUrl: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly token: string;
  readonly tokenSecret: string;
}

const REQUIRED = [
  "UPLOAD_CONSUMER_KEY",
  "UPLOAD_CONSUMER_SECRET",
  "UPLOAD_ACCESS_TOKEN",
  "UPLOAD_ACCESS_TOKEN_SECRET",
] as const;

/**
 * Reads and checks the environment once; a missing or invalid variable fails with its name
 * (never its value: three of them are secrets).
 */
export function loadUploadEnv(env: NodeJS.ProcessEnv = process.env): UploadEnv {
  const missing = REQUIRED.filter((name) => (env[name] ?? "") === "");
  if (missing.length > 0) throw new Error(`missing environment variables: ${missing.join(", ")}`);
  const adsUrl = env.ADS_API_ADS_URL ?? LOCAL_HOSTS.ads;
  if (!URL.canParse(adsUrl)) throw new Error("ADS_API_ADS_URL: must be an absolute URL");
  return {
    adsUrl,
    consumerKey: env.UPLOAD_CONSUMER_KEY ?? "",
    consumerSecret: env.UPLOAD_CONSUMER_SECRET ?? "",
    token: env.UPLOAD_ACCESS_TOKEN ?? "",
    tokenSecret: env.UPLOAD_ACCESS_TOKEN_SECRET ?? "",
  };
}
