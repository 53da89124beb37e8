import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
} from "graphql";

/**
 * Output fields whose values the spec or the recorded answers enumerate (status, type and
 * error-code fields): each is an enum, never a `String` (issue 32, build point 3). A field
 * renamed or removed is simply absent; fields named like these are checked too
 * (`ENUMERATED_NAME`).
 */
export const ENUMERATED_WIRE_FIELDS: readonly string[] = [
  "Account.approvalStatus",
  "AppDestination.type",
  "Campaign.effectiveStatus",
  "Card.cardType",
  "CustomAudience.listType",
  "FundingInstrument.entityStatus",
  "GenericCard.cardType",
  "ImageConversationCard.cardType",
  "LineItem.placementType",
  "MediaCreative.approvalStatus",
  "MediaCreative.creativeType",
  "MediaCreative.entityStatus",
  "MediaLibraryObject.mediaStatus",
  "MediaLibraryObject.mediaType",
  "Placement.productType",
  "PollCard.cardType",
  "PostMedia.type",
  "PromotedAccount.approvalStatus",
  "PromotedAccount.entityStatus",
  "PromotedPost.approvalStatus",
  "PromotedPost.entityStatus",
  "ReferencedPost.type",
  "ScheduledPost.scheduledStatus",
  "VideoConversationCard.cardType",
  "WebsiteDestination.type",
  // Error codes: the Error interface, every error type, and a field violation.
  "Error.code",
  "FieldViolation.code",
  "BetaFeatureRequiredError.code",
  "DoNotReachListExistsError.code",
  "DuplicateNameError.code",
  "EditWindowPassedError.code",
  "ForbiddenError.code",
  "IncompatibleLineItemError.code",
  "MediaRuleError.code",
  "NotAudienceOwnerError.code",
  "NotFoundError.code",
  "RateLimitedError.code",
  "ReplyNotAllowedError.code",
  "SharingNotAllowedError.code",
  "UpstreamError.code",
  "ValidationError.code",
];

/** A field named like a closed set (`status`, `entityStatus`, `type`, `cardType`, `code`). */
const ENUMERATED_NAME = /^(status|type|code)$|[a-z](Status|Type)$/;

/**
 * Argument and input-field names that name an entity: `id`, `*Id`, `*Ids`. A wire id a person
 * looks something up by says so (`rawId`, `rawIds`, `communityRawId`).
 */
const ENTITY_NAME = /^id$|[a-z](Id|Ids)$/;
const WIRE_ID_NAME = /^raw(Id|Ids)$|RawIds?$/;

/**
 * Identifiers named `*Id` that name nothing the graph shows, so they cannot be global ids: each
 * with the reason. Anything else named like an id must be an `ID`.
 */
export const NOT_ENTITY_IDENTIFIERS: Readonly<Record<string, string>> = {
  "AudienceUserInput.userId": "a hashed platform user id uploaded to an audience, not a User",
  "AudienceUserInput.deviceId": "a hashed mobile advertising id uploaded to an audience",
  "AudienceUserInput.partnerUserId": "an advertiser's own (hashed) customer id",
  "CardDestinationInput.googleplayAppId": "a Google Play package name, outside the service",
  "UpdateTaxSettingsInput.taxId": "a tax registration number, not an object",
  "UpdateTaxSettingsInput.taxExemptionId": "a tax exemption certificate number, not an object",
  "CreateSandboxAccountInput.clientMutationId": "any value of the caller's, echoed back (Relay)",
};

/** What a description must not speak of: the backend, not the value's meaning. */
const BACKEND_TALK: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  { what: "a spec section", pattern: /§|\bspec(ification)?\s+(section\s+)?\d/i },
  { what: "a wire parameter name", pattern: /\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b/ },
  {
    what: "request batching",
    pattern: /\bbatch(es|ed|ing)?\b|\brequests? per\b|\bper request\b|\bin one request\b/i,
  },
];

/** A part of the schema that carries a description, by its schema coordinate. */
interface Described {
  readonly kind: "type" | "field" | "argument" | "input field" | "enum value";
  readonly coordinate: string;
  readonly description: string | null | undefined;
}

/** Every type, field, argument, input field and enum value of the schema (introspection's own left out). */
export function describedParts(schema: GraphQLSchema): Described[] {
  const parts: Described[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    parts.push({ kind: "type", coordinate: type.name, description: type.description });
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        const coordinate = `${type.name}.${field.name}`;
        parts.push({ kind: "field", coordinate, description: field.description });
        for (const arg of field.args) {
          const at = `${coordinate}(${arg.name}:)`;
          parts.push({ kind: "argument", coordinate: at, description: arg.description });
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        const coordinate = `${type.name}.${field.name}`;
        parts.push({ kind: "input field", coordinate, description: field.description });
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        const coordinate = `${type.name}.${value.name}`;
        parts.push({ kind: "enum value", coordinate, description: value.description });
      }
    }
  }
  return parts;
}

/** Described / all, per kind of part, e.g. `field: 367/804 (45.6%)`. */
export function descriptionCoverage(schema: GraphQLSchema): string[] {
  const counts = new Map<Described["kind"], { described: number; all: number }>();
  for (const part of describedParts(schema)) {
    const count = counts.get(part.kind) ?? { described: 0, all: 0 };
    count.all += 1;
    if (part.description?.trim()) count.described += 1;
    counts.set(part.kind, count);
  }
  return [...counts].map(
    ([kind, { described, all }]) =>
      `${kind}: ${described}/${all} (${((100 * described) / all).toFixed(1)}%)`,
  );
}

/** Mutations that do not take exactly one argument named `input`. */
export function mutationsWithoutSingleInput(schema: GraphQLSchema): string[] {
  const fields = Object.values(schema.getMutationType()?.getFields() ?? {});
  return fields
    .filter((field) => field.args.length !== 1 || field.args[0]?.name !== "input")
    .map((field) => `Mutation.${field.name}(${field.args.map((arg) => `${arg.name}:`).join(" ")})`);
}

/** Arguments and input fields naming an entity whose type is not `ID` (or a list of `ID`). */
export function entityArgumentsNotIds(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  const check = (coordinate: string, input: GraphQLArgument | GraphQLInputField) => {
    if (WIRE_ID_NAME.test(input.name) || !ENTITY_NAME.test(input.name)) return;
    if (NOT_ENTITY_IDENTIFIERS[coordinate] !== undefined) return;
    const named = getNamedType(input.type).name;
    if (named !== "ID") found.push(`${coordinate}: ${named}`);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name}:)`, arg);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        check(`${type.name}.${field.name}`, field);
    }
  }
  return found;
}

/** `String` fields that are enumerated: listed in ENUMERATED_WIRE_FIELDS or named like one. */
export function enumeratedStringFields(schema: GraphQLSchema): string[] {
  const listed = new Set(ENUMERATED_WIRE_FIELDS);
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values<GraphQLField<unknown, unknown>>(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      const enumerated = listed.has(coordinate) || ENUMERATED_NAME.test(field.name);
      if (enumerated && getNamedType(field.type).name === "String") found.push(coordinate);
    }
  }
  return found;
}

/** Descriptions that speak of the backend (spec sections, wire names, batching), with what they say. */
export function descriptionsForTheBackend(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const part of describedParts(schema)) {
    for (const { what, pattern } of BACKEND_TALK) {
      const match = part.description?.match(pattern);
      if (match) found.push(`${part.coordinate}: ${what} ("${match[0]}")`);
    }
  }
  return found;
}
