import path from "node:path";
import { defineConfig } from "prisma/config";

// The WebAssembly schema engine runs `migrate dev` through the same adapter as the app (no native
// engine binary is downloaded). Imported lazily: `generate` needs no database, and the built
// @adsgraph/storage exists only after `turbo run build` (the migrate:dev script builds it).
export default defineConfig({
  schema: "prisma/schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => {
    const { createAdapter, resolveTarget } = await import("@adsgraph/storage");
    return createAdapter(
      resolveTarget(
        process.env.DATABASE_URL || undefined,
        process.env.ADS_API_PGLITE_DIR ?? path.join(import.meta.dirname, ".data", "pglite"),
        "ads_api",
      ),
    );
  },
});
