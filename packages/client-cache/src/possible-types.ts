import generated from "./generated/possible-types.js";

/** Every abstract type (interface, union) of the schema with the object types it can be. */
export const possibleTypes = generated.possibleTypes;
