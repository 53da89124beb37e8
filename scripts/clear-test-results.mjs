// Removes last run's results so the summary never counts a package whose tests did not run,
// and last run's failure screenshots so none is taken for this run's.
import { rmSync } from "node:fs";
import { resultFiles, resultFolders } from "./test-results.mjs";

for (const file of resultFiles()) rmSync(file, { force: true });
for (const folder of resultFolders()) rmSync(folder, { recursive: true, force: true });
