import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type { FundingInstrumentShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "./account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { connectionType } from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
} from "../../fields/mutations.js";
import { FundingInstrumentTypeEnum } from "../common/enums.js";
import { money, MoneyRef } from "../common/scalars.js";
import { observedFields, observedListFields } from "../../fields/observed-fields.js";
import {
  FundingInstrumentNotAbleToFundReason,
  ObservedEntityStatus,
} from "../common/observed-enums.js";

import { ACCOUNT_BY_ID, byIdRule, fetchedBy } from "../../cost/fetch-rule.js";

export const FundingInstrumentRef = builder.objectRef<FundingInstrumentShape>("FundingInstrument");

const FUNDING_INSTRUMENT_BY_ID = byIdRule("funding_instruments.get");
const FUNDING_INSTRUMENT_OF_ACCOUNT = byIdRule("funding_instruments.get", { argument: "id" });

builder.node(FundingInstrumentRef, {
  extensions: { fetch: FUNDING_INSTRUMENT_BY_ID },
  description:
    "A way an account pays for its campaigns: a credit card, a credit line or an insertion " +
    "order. Its amounts are in its own currency.",
  id: {
    description: "The funding instrument's global id: what `node(id:)` and arguments take.",
    resolve: (fi) => entityKey(fi.account_id, fi.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId(FUNDING_INSTRUMENT_BY_ID.read).loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({
      description: "The funding instrument's own id (short letters and digits).",
      resolve: (fi) => fi.id,
    }),
    accountId: t.string({
      description: "The `rawId` of the account the funding instrument belongs to.",
      resolve: (fi) => fi.account_id,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      ...fetchedBy(ACCOUNT_BY_ID),
      description: "The account the funding instrument belongs to.",
      resolve: (fi, _args, { loaders }) => loaders.account.load(fi.account_id),
    }),
    type: t.field({
      type: FundingInstrumentTypeEnum,
      description: "How it pays: decides which of the amounts below apply.",
      resolve: (fi) => fi.type,
    }),
    description: t.string({
      description: "A short text naming the funding instrument, to show to people.",
      resolve: (fi) => fi.description,
    }),
    currency: t.string({
      description: "The currency of its amounts and of the campaigns it funds: an ISO 4217 code.",
      resolve: (fi) => fi.currency,
    }),
    startTime: t.field({
      type: "DateTime",
      description: "From when it can pay (ISO 8601, UTC).",
      resolve: (fi) => fi.start_time,
    }),
    endTime: t.field({
      type: "DateTime",
      nullable: true,
      description: "Until when it can pay (ISO 8601, UTC); null when it has no end.",
      resolve: (fi) => fi.end_time,
    }),
    creditLimit: t.field({
      type: MoneyRef,
      nullable: true,
      description: "How much it may spend in all; null when its type has no credit limit.",
      resolve: (fi) => money(fi.credit_limit_local_micro, fi.currency),
    }),
    fundedAmount: t.field({
      type: MoneyRef,
      nullable: true,
      description:
        "How much was paid into it (e.g. an insertion order's amount); null when its type has none.",
      resolve: (fi) => money(fi.funded_amount_local_micro, fi.currency),
    }),
    creditRemaining: t.field({
      type: MoneyRef,
      nullable: true,
      description: "How much of its credit is left to spend; null when its type has no credit.",
      resolve: (fi) => money(fi.credit_remaining_local_micro, fi.currency),
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description:
        "Whether the funding instrument is switched on; null when the ads service does not say.",
      resolve: (fi) => fi.entity_status,
    }),
    ableToFund: t.boolean({
      description: "Whether it can pay for campaigns now; reasonsNotAbleToFund says why not.",
      resolve: (fi) => fi.able_to_fund,
    }),
    ...observedListFields(t, "reasonsNotAbleToFund", {
      enum: FundingInstrumentNotAbleToFundReason,
      description:
        "Why the funding instrument cannot pay for campaigns; empty when ableToFund is true.",
      resolve: (fi) => fi.reasons_not_able_to_fund,
    }),
    ioHeader: t.string({
      nullable: true,
      description: "The insertion-order header of the funding instrument; null when it has none.",
      resolve: (fi) => fi.io_header ?? null,
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When it was added (ISO 8601, UTC).",
      resolve: (fi) => fi.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When it last changed (ISO 8601, UTC).",
      resolve: (fi) => fi.updated_at,
    }),
    deleted: t.boolean({
      description: "True once deleted; a deleted funding instrument cannot pay.",
      resolve: (fi) => fi.deleted,
    }),
  }),
});

const FundingInstrumentConnection = connectionType(
  "FundingInstrument",
  FundingInstrumentRef,
  "Funding instruments of an account.",
);

builder.objectFields(AccountRef, (t) => ({
  fundingInstruments: accountListField(t, "funding_instruments.list", {
    type: FundingInstrumentConnection,
    description: "The account's funding instruments, a page at a time.",
    describe: {
      funding_instrument_ids:
        "Only these funding instruments (their `id`s, at most 200); all when left out.",
      with_deleted: "Include deleted funding instruments too (default false).",
    },
  }),
  fundingInstrument: t.field({
    ...fetchedBy(FUNDING_INSTRUMENT_OF_ACCOUNT),
    type: FundingInstrumentRef,
    nullable: true,
    description: "One funding instrument of this account; null with an error when there is none.",
    args: {
      id: t.arg.globalID({
        for: FundingInstrumentRef,
        required: true,
        description:
          `The \`id\` of the funding instrument to read (as \`FundingInstrument.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's funding instrument is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders
        .byId(FUNDING_INSTRUMENT_OF_ACCOUNT.read)
        .load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const create = mutationArgs("funding_instruments.create", {
  describe: {
    account_id: "The sandbox account to add it to (its `id`).",
    currency: "The currency of its amounts: an ISO 4217 code, e.g. USD.",
    type: "How it pays.",
    start_time: "From when it can pay (ISO 8601, UTC).",
    end_time: "Until when it can pay (ISO 8601, UTC); some types require it.",
    credit_limit_local_micro:
      "How much it may spend in all, in micros of its currency; only for types with credit.",
    funded_amount_local_micro:
      "How much is paid into it, in micros of its currency; only for types with a funded amount.",
  },
});
const remove = mutationArgs("funding_instruments.delete", {
  globalIds: { funding_instrument_id: FundingInstrumentRef },
  describe: { funding_instrument_id: "The sandbox funding instrument to delete (its `id`)." },
});

const CreateSandboxFundingInstrumentInput = builder.inputType(
  "CreateSandboxFundingInstrumentInput",
  {
    description:
      "A test funding instrument: which amounts and whether an end time are needed depends " +
      "on its type.",
    fields: create.fields,
  },
);

builder.mutationFields((t) => ({
  createSandboxFundingInstrument: t.field({
    type: createPayload(
      "CreateSandboxFundingInstrument",
      "fundingInstrument",
      FundingInstrumentRef,
      "The new funding instrument.",
      inAccount,
    ),
    description:
      "Creates a test funding instrument, at no cost; only on a sandbox deployment of the API.",
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
    type: deletePayload(
      "DeleteSandboxFundingInstrument",
      "fundingInstrument",
      FundingInstrumentRef,
      "The funding instrument, now deleted and unable to fund.",
    ),
    description:
      "Deletes a test funding instrument (sandbox deployments only): it is returned deleted, " +
      "unable to fund, with DELETED among its reasons.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxFundingInstrument"),
    args: inputArg(
      t.arg,
      "DeleteSandboxFundingInstrument",
      remove.fields,
      "The sandbox funding instrument to delete.",
    ),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("funding_instruments.delete", remove.params(input));
        return deleted(FundingInstrumentRef, entityKey(data.account_id, data.id), data);
      }, remove.fieldOf),
  }),
}));
