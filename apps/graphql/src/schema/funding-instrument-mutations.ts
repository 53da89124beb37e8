import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import { FundingInstrumentTypeEnum } from "./enums.js";
import { FundingInstrumentRef } from "./funding-instrument.js";
import { microsParam } from "./scalars.js";
import { attempt, inputPath, mutationErrors, optional, ownedId, payload } from "./mutations.js";

const CreateSandboxFundingInstrumentInput = builder.inputType(
  "CreateSandboxFundingInstrumentInput",
  {
    fields: (t) => ({
      accountId: t.string({ required: true, ...ID_INPUT }),
      type: t.field({ type: FundingInstrumentTypeEnum, required: true }),
      currency: t.string({ required: true, description: "ISO 4217 code, e.g. USD." }),
      startTime: t.field({ type: "DateTime", required: true }),
      endTime: t.field({ type: "DateTime", description: "Required by some types." }),
      creditLimit: t.field({ type: "Micros", description: "Only for some types." }),
      fundedAmount: t.field({ type: "Micros", description: "Only for some types." }),
    }),
  },
);

const fundingFields = inputPath({
  credit_limit_local_micro: "creditLimit",
  funded_amount_local_micro: "fundedAmount",
});

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
        const { data } = await upstream.call("funding_instruments.create", {
          account_id: input.accountId,
          type: input.type,
          currency: input.currency,
          start_time: input.startTime,
          end_time: optional(input.endTime),
          credit_limit_local_micro: microsParam(input.creditLimit),
          funded_amount_local_micro: microsParam(input.fundedAmount),
        });
        return { fundingInstrument: data };
      }, fundingFields),
  }),
  deleteSandboxFundingInstrument: t.field({
    type: FundingInstrumentPayload(
      "DeleteSandboxFundingInstrument",
      "The funding instrument, now deleted and unable to fund (spec §3).",
    ),
    description: "Deletes a sandbox funding instrument (sandbox host only).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxFundingInstrument"),
    args: { id: t.arg.globalID({ required: true, for: [FundingInstrumentRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("funding_instruments.delete", {
          account_id: accountId,
          funding_instrument_id: id,
        });
        return { fundingInstrument: data };
      }, fundingFields),
  }),
}));
