/**
 * The global id the facade answers as an object's `id` (and takes wherever an argument names
 * an object): base64 of `<Type>:<id>`, the id inside an account `<account id>/<id>`.
 */
export function globalId(typename: string, id: string, accountId?: string): string {
  const local = accountId === undefined ? id : `${accountId}/${id}`;
  return Buffer.from(`${typename}:${local}`, "utf8").toString("base64");
}
