import { resolveTarget } from "@adsgraph/storage";
import { configFromEnv } from "../config.js";
import { createContext } from "../create-context.js";
import type { AppContext } from "../context.js";
import { resolveKeyring } from "../crypto/secret-key.js";
import { openDatabase } from "../db/database.js";
import { lockDataDir } from "../db/pglite-lock.js";
import { loadEnv } from "../env.js";

/** Opens the configured database (as the server would) for one CLI command, then closes it. */
export async function withCliContext<T>(work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const env = loadEnv();
  const secretKey = resolveKeyring({
    value: env.ADS_API_SECRET_KEY,
    file: env.ADS_API_SECRET_KEY_FILE,
    notice: (message) => {
      console.error(`ads-api: ${message}`);
    },
  });
  const target = resolveTarget(
    env.DATABASE_URL,
    env.ADS_API_PGLITE_DIR,
    "ads_api",
    env.ADS_API_PGLITE_SETTINGS,
  );
  const release =
    target.engine === "pglite" ? lockDataDir(env.ADS_API_PGLITE_DIR) : () => undefined;
  try {
    const db = await openDatabase(target);
    try {
      return await work(createContext({ db, secretKey, config: configFromEnv(env) }));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}
