// Removes last run's results so the summary never counts a package whose tests did not run.
import { rmSync } from "node:fs";
import { resultFiles } from "./test-results.mjs";

for (const file of resultFiles()) rmSync(file, { force: true });
