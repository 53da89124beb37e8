import SchemaBuilder, { BasePlugin } from "@pothos/core";
import type { PothosInputFieldConfig, SchemaTypes } from "@pothos/core";

// Every mutation takes one `input:` argument (fields/mutations.ts inputArg, or written by hand
// beside it); this plugin gives the ones written by hand the same description, so none is bare.

const pluginName = "mutationInput";

/** What every mutation's one `input` argument says. */
export const INPUT_ARG = "The mutation's values, all in one object (so one variable holds them).";

export class MutationInputPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onInputFieldConfig(field: PothosInputFieldConfig<Types>): PothosInputFieldConfig<Types> {
    const bare =
      field.kind === "Arg" &&
      field.parentType === "Mutation" &&
      field.name === "input" &&
      (field.description === undefined || field.description === null);
    return bare ? { ...field, description: INPUT_ARG } : field;
  }
}

declare global {
  // Pothos registers plugins by augmenting its global namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      mutationInput: MutationInputPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(pluginName, MutationInputPlugin);

export default pluginName;
