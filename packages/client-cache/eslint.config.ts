import baseConfig from "@adsgraph/eslint-config";

export default baseConfig;
