import { isDecodedId, wireIdOf } from "./entity-ids.js";
import type { Field, InputObject } from "./input-fields.js";
import { fieldName } from "./input-forms.js";
import type { Form } from "./input-forms.js";

// The way back: an input's values as wire parameters under the catalog's names, and a wire
// parameter path (a violation's) as the input field it came from.

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

const childPath = (path: string, name: string) => (path === "" ? name : `${path}.${name}`);

/**
 * The account an input names: its `accountId`, or the account of the global id its path ends
 * at (`UpdateCampaignInput.id`). Entity ids elsewhere in the input must be of that account.
 */
function accountOf(
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
  path: string,
): string | undefined {
  for (const f of fields) {
    const value = values[f.name];
    if (f.entity === undefined || !isDecodedId(value)) continue;
    if (f.wire === "account_id") return value.id;
    if (f.names === "account") {
      return wireIdOf(f.entity, value, childPath(path, f.name)).accountId;
    }
  }
  return undefined;
}

/**
 * The given fields as wire parameters; null and absent both leave a parameter out. Global ids
 * leave as wire ids; `path` is where the values sit in the input (`operations[2]`), for errors.
 */
export function wireValues(
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
  path = "",
  account?: string,
): Record<string, unknown> {
  const accountId = accountOf(fields, values, path) ?? account;
  const wire: Record<string, unknown> = {};
  if (accountId !== undefined && fields.some((f) => f.names === "account")) {
    wire.account_id = accountId;
  }
  for (const f of fields) {
    const at = childPath(path, f.name);
    const value = values[f.name];
    if (f.entity !== undefined) {
      const entity = f.entity;
      const one = (item: unknown, itemPath: string) =>
        isDecodedId(item) ? wireIdOf(entity, item, itemPath, accountId).id : item;
      const ids = isList(value) ? value.map((item, i) => one(item, `${at}[${i}]`)) : one(value, at);
      const given = wireValue(f.form, f.object, ids, at, accountId);
      if (given !== undefined) wire[f.wire] = given;
      continue;
    }
    const given = wireValue(f.form, f.object, value, at, accountId);
    if (given !== undefined) wire[f.wire] = given;
  }
  return wire;
}

function wireValue(
  form: Form,
  object: InputObject | undefined,
  value: unknown,
  path: string,
  account: string | undefined,
): unknown {
  if (value === null || value === undefined) return undefined;
  switch (form.kind) {
    case "scalar":
    case "enum":
      return value;
    case "list":
      return isList(value)
        ? value.map((item, i) => wireValue(form.of, object, item, `${path}[${i}]`, account))
        : value;
    case "collapsed":
      return { ...form.fixed, [form.key]: wireValue(form.of, object, value, path, account) };
    case "object": {
      if (object === undefined || !isRecord(value)) return value;
      const params = wireValues(object.fields(), value, path, account);
      const type = object.operation && value[object.operation.name];
      return object.operation === undefined ? params : { operation_type: type, params };
    }
  }
}

/** Where a path segment points: fields to look the next name up in, a collapsed value, or neither. */
type Scope =
  | { readonly at: "fields"; readonly fields: readonly Field[]; readonly batch: boolean }
  | { readonly at: "collapsed"; readonly form: Form; readonly object: InputObject | undefined }
  | { readonly at: "unknown" };

function scopeOf(form: Form, object: InputObject | undefined): Scope {
  if (form.kind === "list") return scopeOf(form.of, object);
  if (form.kind === "collapsed") return { at: "collapsed", form: form.of, object };
  if (form.kind !== "object" || object === undefined) return { at: "unknown" };
  const { operation } = object;
  const fields = operation === undefined ? object.fields() : [operation, ...object.fields()];
  return { at: "fields", fields, batch: operation !== undefined };
}

/**
 * The input path of a wire parameter path: `operations[2].params.daily_budget_amount_local_micro`
 * → `operations[2].dailyBudget`, `media.media_ids[1]` → `mediaIds[1]` (a collapsed object is
 * its one value), the account of a global id → that id's field. Names the fields do not know
 * (open parameters, the service's own) are named by the rule. Linear in the path's length.
 */
export function inputPathOf(fields: readonly Field[], parameter: string): string {
  const out: string[] = [];
  let scope: Scope = { at: "fields", fields, batch: false };
  for (const segment of parameter.split(".")) {
    // `name[2]`: the name, then its indexes (indexOf: no regex over an upstream text).
    const bracket = segment.indexOf("[");
    const name = bracket === -1 ? segment : segment.slice(0, bracket);
    const indexes = bracket === -1 ? "" : segment.slice(bracket);
    if (scope.at === "collapsed") {
      // The collapsed object's key (or a fixed one): the field already names its value.
      out.push(`${out.pop() ?? ""}${indexes}`);
      scope = scopeOf(scope.form, scope.object);
      continue;
    }
    // spec §4.5: a batch item's `params` are asked flat, beside its `type`.
    if (name === "params" && (scope.at === "unknown" || scope.batch)) continue;
    const found =
      scope.at === "fields"
        ? scope.fields.find(
            (f) => f.wire === name || (name === "account_id" && f.names === "account"),
          )
        : undefined;
    out.push((found?.name ?? fieldName(name)) + indexes);
    scope = found === undefined ? { at: "unknown" } : scopeOf(found.form, found.object);
  }
  return out.join(".");
}
