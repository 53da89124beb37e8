import { INVOICE_JURISDICTIONS, TAX_CATEGORIES } from "@adsgraph/models";
import type { TaxSettings } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors } from "../../fields/mutations.js";
import type { Owned } from "../../loaders/shapes.js";
import { closedEnum, knownValue } from "../common/enums.js";
import { AccountRef } from "./account.js";
import { ACCOUNT_BY_ID, callRule, eachRule, fetchedBy } from "../../cost/fetch-rule.js";

type TaxSettingsShape = Owned<TaxSettings>;

const InvoiceJurisdictionEnum = closedEnum("InvoiceJurisdiction", {
  description: "Which invoicing law the account's invoices follow.",
  values: INVOICE_JURISDICTIONS,
  describe: {
    LOI_SAPIN: "France's Loi Sapin, for advertising bought through an agency.",
    NONE: "No special invoicing law applies.",
    NOT_SET: "Not chosen yet.",
  },
});
const TaxCategoryEnum = closedEnum("TaxCategory", {
  description: "How the advertiser is taxed.",
  values: TAX_CATEGORIES,
  describe: {
    BUSINESS_NO_VAT: "A business without a VAT registration.",
    BUSINESS_WITH_VAT: "A business registered for VAT.",
    INDIVIDUAL: "A private person, not a business.",
  },
});

const TaxSettingsRef = builder.objectRef<TaxSettingsShape>("TaxSettings").implement({
  description:
    "How an account is invoiced and taxed: read through `Account.taxSettings` (account " +
    "admins only) or answered by `updateTaxSettings`.",
  fields: (t) => ({
    addressName: t.string({
      nullable: true,
      description: "The name invoices are addressed to; null when not set.",
      resolve: (s) => s.address_name ?? null,
    }),
    invoiceJurisdiction: t.field({
      type: InvoiceJurisdictionEnum,
      nullable: true,
      description:
        "Which invoicing law applies; null when not set or a value this API does not know yet " +
        "(see invoiceJurisdictionRaw).",
      resolve: (s) => knownValue(INVOICE_JURISDICTIONS, s.invoice_jurisdiction),
    }),
    invoiceJurisdictionRaw: t.string({
      nullable: true,
      description:
        "The invoicing law as the code the ads platform sent (show it when " +
        "invoiceJurisdiction is null); null when not set.",
      resolve: (s) => s.invoice_jurisdiction ?? null,
    }),
    taxCategory: t.field({
      type: TaxCategoryEnum,
      nullable: true,
      description:
        "How the advertiser is taxed; null when not set or a value this API does not know yet " +
        "(see taxCategoryRaw).",
      resolve: (s) => knownValue(TAX_CATEGORIES, s.tax_category),
    }),
    taxCategoryRaw: t.string({
      nullable: true,
      description:
        "The tax category as the code the ads platform sent (show it when taxCategory is " +
        "null); null when not set.",
      resolve: (s) => s.tax_category ?? null,
    }),
  }),
});

/** A call each time the field resolves (no loader). */
const TAX_SETTINGS = eachRule("tax_settings.get");

builder.objectFields(AccountRef, (t) => ({
  taxSettings: t.field({
    ...fetchedBy(TAX_SETTINGS),
    type: TaxSettingsRef,
    nullable: true,
    description:
      "How this account is invoiced and taxed; fields never set are null. Only account admins " +
      "may read them: for anyone else null, with a FORBIDDEN error.",
    resolve: async (account, _args, { upstream }) => {
      const { data } = await upstream.call("tax_settings.get", { account_id: account.id });
      return { ...data, account_id: account.id };
    },
  }),
}));

const update = mutationArgs("tax_settings.update", {
  describe: {
    account_id: "The account whose tax settings change (its `id`).",
    address_name: "The name invoices are addressed to (agency-owned accounts).",
    client_address_region: "The client's region (agency-owned accounts).",
    client_address_street1: "The client's street address, first line (agency-owned accounts).",
    client_address_street2: "The client's street address, second line (agency-owned accounts).",
    invoice_jurisdiction: "Which invoicing law applies.",
    tax_category: "How the advertiser is taxed.",
    tax_exemption_id: "The advertiser's tax exemption number, if it has one.",
    tax_id: "The advertiser's tax (VAT) number.",
  },
});

const UpdateTaxSettingsInput = builder.inputType("UpdateTaxSettingsInput", {
  description: "New tax settings of an account; fields left out keep their values.",
  fields: update.fields,
});

const UpdateTaxSettingsPayload = builder
  .objectRef<{ taxSettings: TaxSettingsShape }>("UpdateTaxSettingsPayload")
  .implement({
    description: "The tax settings as they are now, and their account.",
    fields: (t) => ({
      taxSettings: t.field({
        type: TaxSettingsRef,
        description: "The account's tax settings after the change.",
        resolve: (r) => r.taxSettings,
      }),
      account: t.field({
        ...fetchedBy(ACCOUNT_BY_ID),
        type: AccountRef,
        nullable: true,
        description: "The account the settings belong to.",
        resolve: (r, _args, { loaders }) => loaders.account.load(r.taxSettings.account_id),
      }),
    }),
  });

const UPDATE_TAX_SETTINGS_CALL = callRule("tax_settings.update", update.params);

builder.mutationFields((t) => ({
  updateTaxSettings: t.field({
    ...fetchedBy(UPDATE_TAX_SETTINGS_CALL),
    type: UpdateTaxSettingsPayload,
    description:
      "Changes how an account is invoiced and taxed; needs the right to manage the account.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateTaxSettings"),
    args: { input: t.arg({ type: UpdateTaxSettingsInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_TAX_SETTINGS_CALL.endpoint, params);
        return { taxSettings: { ...data, account_id: params.account_id } };
      }, update.fieldOf),
  }),
}));
