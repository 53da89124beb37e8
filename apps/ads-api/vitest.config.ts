import { mergeConfig } from "vitest/config";
import shared from "@adsgraph/vitest-config";

// Most files here wait on child processes and PostgreSQL, so two workers pay off on 2 cores.
export default mergeConfig(shared, { test: { maxWorkers: 2 } });
