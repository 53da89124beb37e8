import {
  getArgumentValues,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from "graphql";
import { isOutage } from "../snapshots/snapshot-upstream.js";

/**
 * `Query.account` without `accounts.get` (issue 37): when the caller selects only the account's
 * lists (and fields answered from its id), and upstream said within ACCESS_CHECK_TTL_SECONDS
 * that the caller may see the account, the account resolves to its id alone and its lists are
 * read first, by the account resolver itself. A list read upstream proves access again; when
 * one fails other than by an outage, the resolver does what it did before (accounts.get, then
 * the lists read again), so a refusal (an account the caller lost) is answered exactly as
 * before, on `account`.
 */

/** Extensions key of the fields whose read proves the caller may see the account (`accountListField`). */
export const PROVES_ACCOUNT_ACCESS = "provesAccountAccess";

/** Account fields answered from the account's id alone. */
const ID_FIELDS = new Set(["__typename", "id", "rawId"]);

const provesAccess = (field: GraphQLField<unknown, unknown> | undefined): boolean =>
  (field?.extensions as Record<string, unknown> | undefined)?.[PROVES_ACCOUNT_ACCESS] === true;

/**
 * Per schema: the fields anywhere that answer an Account read by id (`loaders.account`, which
 * the account's own read would have primed), as `Type.field`. A connection's edges and nodes
 * come with their list's page, so they are not among them.
 */
const accountReaders = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

function accountReadersOf(schema: GraphQLSchema, account: GraphQLObjectType): ReadonlySet<string> {
  let readers = accountReaders.get(schema);
  if (readers === undefined) {
    const found = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      if (type.name.endsWith("Connection") || type.name.endsWith("Edge")) continue;
      for (const field of Object.values(type.getFields()))
        if (getNamedType(field.type) === account) found.add(`${type.name}.${field.name}`);
    }
    readers = found;
    accountReaders.set(schema, readers);
  }
  return readers;
}

/** Whether anything below `selections` of a `type` (through fragments) reads an account by id. */
function readsAnAccount(
  schema: GraphQLSchema,
  type: GraphQLNamedType,
  selections: readonly SelectionNode[],
  readers: ReadonlySet<string>,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
): boolean {
  for (const selection of selections) {
    if (selection.kind === Kind.FIELD) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue; // __typename of a union
      const name = selection.name.value;
      if (readers.has(`${type.name}.${name}`)) return true;
      const field = type.getFields()[name];
      if (
        field !== undefined &&
        selection.selectionSet !== undefined &&
        readsAnAccount(
          schema,
          getNamedType(field.type),
          selection.selectionSet.selections,
          readers,
          fragments,
        )
      )
        return true;
      continue;
    }
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
    // An unknown fragment fails validation; counted as reading, to be safe.
    if (fragment === undefined) return true;
    const condition = fragment.typeCondition?.name.value;
    const inner = condition === undefined ? type : schema.getType(condition);
    if (inner === undefined) return true;
    if (readsAnAccount(schema, inner, fragment.selectionSet.selections, readers, fragments))
      return true;
  }
  return false;
}

/**
 * True when `nodes` (the `account` field's) select only lists that prove access and fields of
 * the id, at least one list, with no directive on them (whose meaning a check here would have
 * to repeat), and nothing below them answers an Account (which the account's read would have
 * primed). Shared by the resolver and the query planner, so both decide alike.
 */
export function selectsOnlyAccountLists(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  nodes: readonly FieldNode[],
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
): boolean {
  const account = getNamedType(type);
  if (!isObjectType(account)) return false;
  const fields = account.getFields();
  const readers = accountReadersOf(schema, account);
  let lists = 0;
  for (const node of nodes) {
    if (node.selectionSet === undefined) return false;
    for (const selection of node.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0) return false;
      const name = selection.name.value;
      if (ID_FIELDS.has(name)) continue;
      if (!provesAccess(fields[name])) return false;
      const list = fields[name] as GraphQLField<unknown, unknown>;
      const below = selection.selectionSet?.selections ?? [];
      if (readsAnAccount(schema, getNamedType(list.type), below, readers, fragments)) return false;
      lists += 1;
    }
  }
  return lists > 0;
}

/** The lists' reads the account resolver made, by the stand-in account and response key. */
const started = new WeakMap<object, Map<string, unknown>>();

/**
 * The read the account resolver already made for this list field, else `read()`: a list
 * field answers with it instead of reading again.
 */
export function startedOr<Read>(account: object, info: GraphQLResolveInfo, read: () => Read): Read {
  const reads = started.get(account);
  // Stored by readAccountLists from this very field's resolver (same key, same type).
  return reads?.has(String(info.path.key)) === true
    ? (reads.get(String(info.path.key)) as Read)
    : read();
}

/**
 * Reads the lists selected on the account (as graphql-js will resolve them: the same resolvers,
 * arguments and paths) for an account stood in for by its id, and answers that stand-in when
 * every read succeeded or failed with an outage (the list fields then answer with those reads,
 * failures included). When any failed otherwise or could not start, answers `readAccount()`:
 * what the resolver did before, so a refusal (an account the caller lost) reads as before, and
 * the lists are read again below it.
 */
export async function readAccountLists<Account extends object>(
  accountId: string,
  context: unknown,
  info: GraphQLResolveInfo,
  readAccount: () => Promise<Account>,
): Promise<Account> {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return readAccount();
  const fields = type.getFields();
  const standIn = { id: accountId };
  const reads = new Map<string, unknown>();
  const grouped = new Map<string, FieldNode[]>();
  for (const node of info.fieldNodes)
    for (const selection of node.selectionSet?.selections ?? []) {
      if (selection.kind !== Kind.FIELD) continue;
      const key = selection.alias?.value ?? selection.name.value;
      grouped.set(key, [...(grouped.get(key) ?? []), selection]);
    }
  try {
    for (const [key, nodes] of grouped) {
      const first = nodes[0];
      const field = first === undefined ? undefined : fields[first.name.value];
      if (first === undefined || field === undefined) continue;
      if (!provesAccess(field) || field.resolve === undefined) continue;
      const args = getArgumentValues(field, first, info.variableValues);
      const read: unknown = field.resolve(standIn, args, context, {
        ...info,
        fieldName: field.name,
        fieldNodes: nodes,
        returnType: field.type,
        parentType: type,
        path: { prev: info.path, key, typename: type.name },
      });
      reads.set(key, read);
    }
  } catch {
    // Arguments or a resolver refused before reading: as before. Reads already started are
    // answered by the lists' own fields below the account, never left unhandled.
    for (const read of reads.values()) if (read instanceof Promise) read.catch(() => undefined);
    return readAccount();
  }
  const results = await Promise.allSettled(reads.values());
  // An outage or a spent window of the list's own (a 429 counts per family) is the list's
  // answer, as it was below a read account; anything else may be a refusal of the account.
  if (results.some((result) => result.status === "rejected" && !isOutage(result.reason)))
    return readAccount();
  started.set(standIn, reads);
  // The stand-in: the fields selected read only its id (selectsOnlyAccountLists).
  return standIn as Account;
}
