import { getNullableType, isInputObjectType, isListType } from "graphql";
import type { GraphQLField, GraphQLInputType } from "graphql";
import { parseGlobalId } from "../input/global-id.js";

// A mutation's arguments as its resolver receives them: the relay plugin decodes every global
// id input field (`isRelayGlobalID`) into `{ typename, id }` before the resolver runs, and
// refuses one of another type than it takes. The planner hands its call rule the same values.

interface GlobalIdExtensions {
  readonly isRelayGlobalID?: boolean;
  readonly relayGlobalIDFor?: readonly { readonly typename: string }[] | null;
}

/** Thrown for a global id the field refuses (nothing is sent). */
class RefusedId extends Error {}

function decoded(type: GraphQLInputType, value: unknown, ids: GlobalIdExtensions | null): unknown {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return Array.isArray(value) ? value.map((item) => decoded(nullable.ofType, item, ids)) : value;
  }
  if (ids?.isRelayGlobalID === true) {
    if (typeof value !== "string") throw new RefusedId();
    const parsed = parseGlobalId(value);
    if (parsed.problem !== undefined) throw new RefusedId();
    const allowed = ids.relayGlobalIDFor;
    if (allowed && allowed.length > 0 && !allowed.some((t) => t.typename === parsed.typename))
      throw new RefusedId();
    return { typename: parsed.typename, id: parsed.id };
  }
  if (isInputObjectType(nullable) && typeof value === "object") {
    const out: Record<string, unknown> = {};
    const fields = nullable.getFields();
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      const field = fields[name];
      out[name] = field === undefined ? item : decoded(field.type, item, field.extensions);
    }
    return out;
  }
  return value;
}

/** The field's arguments as its resolver sees them; null when a global id is refused. */
export function decodedArgs(
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  try {
    for (const arg of field.args)
      if (arg.name in args) out[arg.name] = decoded(arg.type, args[arg.name], arg.extensions);
  } catch (error) {
    if (error instanceof RefusedId) return null;
    throw error;
  }
  return out;
}
