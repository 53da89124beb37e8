import shared from "@adsgraph/vitest-config";
import { mergeConfig } from "vitest/config";

// A worker runs file after file (isolate: false), as in models: the tests set no global state
// (no module mocks, fake timers or stubbed globals), and importing the client anew for each
// file was most of the test time. On a busy 2-core machine, isolated: 46 s of CPU; not: 9 s.
export default mergeConfig(shared, { test: { isolate: false } });
