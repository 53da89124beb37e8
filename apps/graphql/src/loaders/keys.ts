/**
 * Advertising ids are unique within an account and every read names the account (spec §4.2),
 * so loaders key entities by `<account id>/<id>`. Account ids are short alphanumeric strings
 * (spec §2.1), so the first `/` separates the two.
 */
export type EntityKey = string;

export function entityKey(accountId: string, id: string): EntityKey {
  return `${accountId}/${id}`;
}

export function parseEntityKey(key: string): { accountId: string; id: string } | null {
  const slash = key.indexOf("/");
  if (slash <= 0 || slash === key.length - 1) return null;
  return { accountId: key.slice(0, slash), id: key.slice(slash + 1) };
}

/** Groups keys by account, keeping first-seen order of accounts and of ids. */
export function groupByAccount(keys: readonly EntityKey[]): Map<string, string[]> {
  const groups = new Map<string, Set<string>>();
  for (const key of keys) {
    const parsed = parseEntityKey(key);
    if (parsed === null) continue;
    const ids = groups.get(parsed.accountId);
    if (ids === undefined) groups.set(parsed.accountId, new Set([parsed.id]));
    else ids.add(parsed.id);
  }
  return new Map([...groups].map(([accountId, ids]) => [accountId, [...ids]]));
}
