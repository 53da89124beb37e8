// Where each package's vitest writes its JSON results (see tooling/vitest): `.cache/` of every
// app and package (and of tests/), restored by turbo on a cached run.
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function packageDirs() {
  const packages = ["apps", "examples", "packages"].flatMap((group) =>
    readdirSync(path.join(root, group)).map((name) => path.join(group, name)),
  );
  // tests/: the integration tests of a library and ads-api together, one package of its own.
  return [...packages, "tests"].map((dir) => path.join(root, dir));
}

export function resultFiles() {
  return packageDirs().map((dir) => path.join(dir, ".cache", "vitest-results.json"));
}

// What tests leave beside their results, e.g. the screenshots and HTML of a failed browser step
// (apps/graphql/test/support/browser-steps.ts): `.cache/test-results/` of each package.
export function resultFolders() {
  return packageDirs().map((dir) => path.join(dir, ".cache", "test-results"));
}
