import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";

const bundles = new Map<string, Promise<string>>();
let scratch: string | undefined;

/**
 * Where bundles of this process go; removed when it exits (each test worker bundles anew, so
 * a bundle never outlives the sources it was made from).
 */
function scratchDir(): string {
  if (scratch === undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "adsgraph-bundle-"));
    process.once("exit", () => {
      rmSync(dir, { recursive: true, force: true });
    });
    scratch = dir;
  }
  return scratch;
}

/**
 * The sources as they are, in one file: workspace packages by their `source` condition and
 * relative imports are bundled; every other package stays an import of the file Node would
 * load (its resolved path), so PGlite still finds its WebAssembly beside its own module. Each
 * source's `import.meta.dirname` and `import.meta.url` stay its own (apps find their
 * migrations and data folders relative to them).
 */
const sourcesAsTheyAre: Plugin = {
  name: "sources-as-they-are",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("node:") || args.pluginData === "resolving") return undefined;
      if (args.path.startsWith("@adsgraph/")) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "resolving",
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (resolved.external) return { path: args.path, external: true };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      return {
        contents: text
          .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: "ts",
      };
    });
  },
};

/**
 * `entry` (an app's `src/main.ts`) bundled with esbuild, once per test process: a file plain
 * `node` starts. Through the tsx loader, each start resolved and compiled some 300 modules again:
 * about 2 s more CPU per start, and a test file starts a server process several times.
 */
export function bundleEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (bundle === undefined) {
    bundle = (async () => {
      const { build } = await import("esbuild");
      const name = createHash("sha256").update(entry).digest("hex").slice(0, 12);
      const outfile = path.join(scratchDir(), `${name}.mjs`);
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        conditions: ["source"],
        plugins: [sourcesAsTheyAre],
        logLevel: "warning",
      });
      return outfile;
    })();
    // A failed build is tried again by the next start rather than remembered.
    bundle.catch(() => bundles.delete(entry));
    bundles.set(entry, bundle);
  }
  return bundle;
}

/**
 * The node arguments that run an app's `src/main.ts` (`entry`, run from the app's folder):
 * its bundle under vitest, its sources through tsx elsewhere (the benches), or as `runner`
 * says. `modules` load first, through tsx (they may be TypeScript).
 */
export async function mainArgs(
  entry: string,
  { runner, modules = [] }: { runner?: "bundle" | "tsx"; modules?: readonly string[] },
): Promise<string[]> {
  const imports = modules.flatMap((module) => ["--import", module]);
  const chosen = runner ?? (process.env.VITEST === undefined ? "tsx" : "bundle");
  return chosen === "bundle"
    ? [...(imports.length > 0 ? ["--import", "tsx"] : []), ...imports, await bundleEntry(entry)]
    : ["--import", "tsx", ...imports, "--conditions=source", "src/main.ts"];
}
