import shared from "@adsgraph/vitest-config";

export default shared;
