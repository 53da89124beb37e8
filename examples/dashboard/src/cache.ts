// The cache configuration is generated from the schema (packages/client-cache): possible types
// of every interface and union, key fields of every type, paging of every connection field.
export { createCache } from "@adsgraph/client-cache";
