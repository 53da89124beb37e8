/**
 * Which 2xx bodies are checked against the catalog's response schemas: `true` every one (the
 * default), `false` none, `{ sampleEvery: n }` the first answer of each endpoint and then one
 * in n of its answers (a production setting: a contract drift still shows within n answers
 * of an endpoint, at 1/n of the cost of checking them all).
 */
export type ResponseValidation = boolean | { readonly sampleEvery: number };

/** Says, per answer, whether its body is to be checked. */
export type ResponseCheckPolicy = (endpointId: string) => boolean;

const always: ResponseCheckPolicy = () => true;
const never: ResponseCheckPolicy = () => false;

export function responseCheckPolicy(validation: ResponseValidation): ResponseCheckPolicy {
  if (validation === true) return always;
  if (validation === false) return never;
  const every = Math.max(1, Math.floor(validation.sampleEvery));
  if (every === 1) return always;
  // Answers seen per endpoint; the catalog holds a bounded set of ids, so the map stays small.
  const seen = new Map<string, number>();
  return (endpointId) => {
    const count = seen.get(endpointId) ?? 0;
    seen.set(endpointId, count + 1);
    return count % every === 0;
  };
}
