// Prints one line, `N passed, N failed, N skipped`, summed over every package's vitest results.
// A package whose tests were expected but wrote no results counts as one failure.
import { existsSync, readFileSync } from "node:fs";
import { resultFiles } from "./test-results.mjs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of resultFiles()) {
  if (!existsSync(file)) {
    console.error(`no test results at ${file}`);
    failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(file, "utf8"));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A file that failed to load has no failed test of its own: count it once.
  failed += results.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed"),
  ).length;
  skipped += results.numPendingTests + results.numTodoTests;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
