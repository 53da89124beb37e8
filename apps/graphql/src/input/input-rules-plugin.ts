import SchemaBuilder, { BasePlugin, mapInputFields } from "@pothos/core";
import type {
  InputFieldMapping,
  PartialResolveInfo,
  PothosInputFieldConfig,
  PothosOutputFieldConfig,
  SchemaTypes,
} from "@pothos/core";
import { VIOLATION_CODES } from "@adsgraph/models";
import { isObjectType, type GraphQLSchema } from "graphql";
import { ValidationError } from "../errors/facade-errors.js";
import { type FieldViolation } from "../errors/field-violations.js";
import { idPartProblem, parseGlobalId } from "./global-id.js";
import { inputProblem, ruleOf, type InputProblem, type InputRule } from "./input-rules.js";

/** What one argument or input field is checked for. */
type Check =
  | { readonly kind: "rule"; readonly rule: InputRule }
  /** `typenames` null: any type that implements Node (`node`, `nodes`). */
  | { readonly kind: "globalId"; readonly typenames: readonly string[] | null };

/** Enough to say what is wrong without answering a list of 100,000 bad ids item by item. */
const MAX_VIOLATIONS = 20;

/** The relay plugin's `relayGlobalIDFor` (`[{ typename, parseId }]`, or none: any Node type). */
function typenamesOf(forTypes: unknown): string[] | null {
  if (!Array.isArray(forTypes)) return null;
  return forTypes.flatMap((type: unknown) =>
    typeof type === "object" &&
    type !== null &&
    "typename" in type &&
    typeof type.typename === "string"
      ? [type.typename]
      : [],
  );
}

function checkOf<Types extends SchemaTypes>(field: PothosInputFieldConfig<Types>): Check | null {
  const extensions = field.extensions;
  if (extensions?.isRelayGlobalID === true) {
    return { kind: "globalId", typenames: typenamesOf(extensions.relayGlobalIDFor) };
  }
  const rule = ruleOf(extensions);
  return rule === undefined ? null : { kind: "rule", rule };
}

const nodeTypesBySchema = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

function nodeTypes(schema: GraphQLSchema): ReadonlySet<string> {
  let names = nodeTypesBySchema.get(schema);
  if (names === undefined) {
    names = new Set(
      Object.values(schema.getTypeMap())
        .filter((type) => isObjectType(type))
        .filter((type) => type.getInterfaces().some((i) => i.name === "Node"))
        .map((type) => type.name),
    );
    nodeTypesBySchema.set(schema, names);
  }
  return names;
}

function globalIdProblem(
  value: string,
  typenames: readonly string[] | null,
  info: PartialResolveInfo,
): InputProblem | undefined {
  const parsed = parseGlobalId(value);
  if (parsed.problem !== undefined) return parsed.problem;
  const allowed =
    typenames?.includes(parsed.typename) ?? nodeTypes(info.schema).has(parsed.typename);
  if (allowed) return idPartProblem(parsed.typename, parsed.id);
  return {
    code: VIOLATION_CODES.INVALID_PARAMETER,
    message:
      typenames === null
        ? `must be the \`id\` of an object of this API (no ${parsed.typename} has one)`
        : `must be the \`id\` of a ${typenames.join(" or ")} (got an id of type ${parsed.typename})`,
  };
}

const childPath = (path: string, name: string) => (path === "" ? name : `${path}.${name}`);

/** Walks one argument value along its mapping, collecting broken rules with their paths. */
function collect<Types extends SchemaTypes>(
  value: unknown,
  mapping: InputFieldMapping<Types, Check>,
  path: string,
  listDepth: number,
  info: PartialResolveInfo,
  found: FieldViolation[],
): void {
  if (value === null || value === undefined || found.length >= MAX_VIOLATIONS) return;
  if (listDepth > 0) {
    if (!Array.isArray(value)) return;
    for (let index = 0; index < value.length && found.length < MAX_VIOLATIONS; index += 1) {
      collect(value[index], mapping, `${path}[${index}]`, listDepth - 1, info, found);
    }
    return;
  }
  if (mapping.kind === "InputObject") {
    if (typeof value !== "object") return;
    for (const [name, field] of mapping.fields.map ?? []) {
      const child: unknown = Reflect.get(value, name);
      collect(child, field, childPath(path, name), field.listDepth, info, found);
    }
    return;
  }
  if (typeof value !== "string") return;
  const check = mapping.value;
  const problem =
    check.kind === "rule"
      ? inputProblem(check.rule, value)
      : globalIdProblem(value, check.typenames, info);
  if (problem !== undefined) found.push({ ...problem, field: path, parameter: path });
}

/**
 * Checks ids, global ids and cursors in every argument, nested input objects and lists
 * included, before anything else runs for the field (its first arg mapper: before the relay
 * plugin decodes global ids, before authorization, loaders or any upstream call). A broken
 * rule throws a ValidationError naming the input path (`input.` left out, as mutations name
 * their fields); mutations return it as their typed `ValidationError` (the errors plugin's
 * `unsafelyHandleInputErrors`: it names only what the caller sent, so it may precede auth).
 */
export class InputRulesPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): PothosOutputFieldConfig<Types> {
    const mappings = mapInputFields(fieldConfig.args, this.buildCache, checkOf);
    if (mappings === null) return fieldConfig;
    const check = (args: Record<string, unknown>, _context: unknown, info: PartialResolveInfo) => {
      const found: FieldViolation[] = [];
      for (const [name, mapping] of mappings) {
        const path = name === "input" ? "" : name;
        collect(args[name], mapping, path, mapping.listDepth, info, found);
      }
      if (found.length > 0) throw new ValidationError(found);
      return args;
    };
    return { ...fieldConfig, argMappers: [check, ...fieldConfig.argMappers] };
  }
}

const pluginName = "inputRules";

declare global {
  // Pothos registers plugins by augmenting its global namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      inputRules: InputRulesPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(pluginName, InputRulesPlugin);

export default pluginName;
