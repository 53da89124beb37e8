import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma CLI commands that touch a database (`migrate status`, `db execute`, studio) run on the
// WebAssembly schema engine through the app's own adapter; no native engine is downloaded.
// Imported lazily: `generate` and `migrate diff` need no database, and the built
// @adsgraph/storage exists only after `turbo run build`.
export default defineConfig({
  schema: "prisma/schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => {
    const { createAdapter, resolveTarget } = await import("@adsgraph/storage");
    return createAdapter(
      resolveTarget(
        process.env.DATABASE_URL || undefined,
        process.env.GRAPHQL_PGLITE_DIR ?? path.join(import.meta.dirname, ".data", "pglite"),
        "adsgraph",
      ),
    );
  },
});
