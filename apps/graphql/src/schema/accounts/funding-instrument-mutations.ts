import { builder } from "../../builder.js";
import { FundingInstrumentRef } from "./funding-instrument.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, payload } from "../../fields/mutations.js";

const create = mutationArgs("funding_instruments.create", {
  describe: {
    currency: "ISO 4217 code, e.g. USD.",
    end_time: "Required by some types.",
    credit_limit_local_micro: "Only for some types.",
    funded_amount_local_micro: "Only for some types.",
  },
});
const remove = mutationArgs("funding_instruments.delete", {
  globalIds: { funding_instrument_id: FundingInstrumentRef },
});

const CreateSandboxFundingInstrumentInput = builder.inputType(
  "CreateSandboxFundingInstrumentInput",
  { fields: create.fields },
);

const FundingInstrumentPayload = (name: string, description: string) =>
  payload(name, "fundingInstrument", FundingInstrumentRef, description);

builder.mutationFields((t) => ({
  createSandboxFundingInstrument: t.field({
    type: FundingInstrumentPayload("CreateSandboxFundingInstrument", "The new funding instrument."),
    description: "Creates a funding instrument on the sandbox host, at no cost (spec §4.5).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateSandboxFundingInstrument"),
    args: { input: t.arg({ type: CreateSandboxFundingInstrumentInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("funding_instruments.create", create.params(input));
        return { fundingInstrument: data };
      }, create.fieldOf),
  }),
  deleteSandboxFundingInstrument: t.field({
    type: FundingInstrumentPayload(
      "DeleteSandboxFundingInstrument",
      "The funding instrument, now deleted and unable to fund (spec §3).",
    ),
    description: "Deletes a sandbox funding instrument (sandbox host only).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxFundingInstrument"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("funding_instruments.delete", remove.params(args));
        return { fundingInstrument: data };
      }, remove.fieldOf),
  }),
}));
