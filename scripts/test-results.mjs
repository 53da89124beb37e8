// Where each package's vitest writes its JSON results (see tooling/vitest): `.cache/` of every
// app and package, restored by turbo on a cached run.
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export function resultFiles() {
  return ["apps", "examples", "packages"].flatMap((group) =>
    readdirSync(path.join(root, group)).map((name) =>
      path.join(root, group, name, ".cache", "vitest-results.json"),
    ),
  );
}
