import path from "node:path";
import { defineConfig } from "prisma/config";
import { createAdapter, resolveTarget } from "./src/db/adapter.js";

// The WebAssembly schema engine runs migrations through the same adapter as the app
// (no native engine binary is downloaded; see README "Storage").
export default defineConfig({
  schema: "prisma/schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: () =>
    Promise.resolve(
      createAdapter(
        resolveTarget(
          process.env.DATABASE_URL || undefined,
          process.env.PGLITE_DIR ?? path.join(import.meta.dirname, ".data", "pglite"),
        ),
      ),
    ),
});
