import { mergeConfig } from "vitest/config";
import shared from "@adsgraph/vitest-config";

// Most files here wait on child processes and PostgreSQL, so two workers pay off on 2 cores.
// Each file starts its own servers over fresh databases, so a worker may run file after file
// (isolate: false): its modules, Prisma clients and PGlite's WebAssembly load once per worker,
// not once per file, which was about a third of this package's CPU time.
export default mergeConfig(shared, { test: { maxWorkers: 2, isolate: false } });
