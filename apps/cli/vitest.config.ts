export { default } from "@adsgraph/vitest-config";
