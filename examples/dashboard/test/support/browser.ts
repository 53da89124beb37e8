import path from "node:path";

/** Where a failed step leaves its screenshot and HTML (under the ignored `.cache/`). */
export const SCREENSHOTS_DIR = path.resolve(
  import.meta.dirname,
  "..",
  "..",
  ".cache",
  "test-results",
  "screenshots",
);
