/**
 * The global `id` of an object an account holds, as the facade answers it and its `ID`
 * arguments take it (docs/graphql.md, "Ids"): base64 of `<Type>:<account id>/<id>`. Lets a
 * command take the raw ids a person reads on the ads service and still filter in one query.
 */
export function globalIdInAccount(typename: string, accountId: string, rawId: string): string {
  return Buffer.from(`${typename}:${accountId}/${rawId}`, "utf8").toString("base64");
}
