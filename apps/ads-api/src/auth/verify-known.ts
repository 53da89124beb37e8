import type { HostRole } from "@adsgraph/models";
import { OAuthVerificationError, verifyRequest } from "@adsgraph/oauth";
import type { VerifiedRequest } from "@adsgraph/oauth";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import type { LoadedScope } from "../credentials/account-scope.js";
import { insertNonceIfUnchanged } from "../credentials/checked-nonce-insert.js";
import type { CheckedInsert } from "../credentials/checked-nonce-insert.js";
import { accountToRead } from "../credentials/credential-prefetch.js";
import type { KnownCredential } from "../credentials/known-credentials.js";
import { headerCredentials, verifiableRequest } from "./signed-request.js";

/** A user-context request verified with credentials this process had verified before. */
export interface KnownVerification {
  readonly known: KnownCredential;
  readonly verified: VerifiedRequest;
  /** The path's account with the user's roles on it, read with the nonce. */
  readonly scope: { readonly accountId: string; readonly loaded: LoadedScope } | undefined;
}

/** The remembered credentials cannot decide this request: the full path decides. */
class Undecided extends Error {}

/**
 * The one-round-trip path of a signed user-context request (issue 37): when this process has
 * verified the token before (KnownCredentials), the signature is checked with the remembered
 * secrets, then one statement inserts the nonce if the app, token and user rows are unchanged
 * and reads the path's account scope (checked-nonce-insert.ts). Undefined whenever that cannot
 * decide: the nonces live in Redis, the token is not known, the rows changed, or the request
 * failed a check before the insert (a wrong signature, a stale timestamp, a client over its
 * share). The caller then verifies from the database as before, so every answer stays the one
 * the full path gives. A replay found by the insert is final, and thrown.
 */
export async function verifyWithKnownCredentials(
  ctx: AppContext,
  role: HostRole,
  request: FastifyRequest,
  accountId: string | undefined,
): Promise<KnownVerification | undefined> {
  const store = ctx.replayStore;
  if (store.rememberWith === undefined) return undefined;
  const rememberWith = store.rememberWith.bind(store);
  const sent = headerCredentials(request.headers.authorization);
  if (sent === undefined) return undefined;
  const known = ctx.knownCredentials.get(sent.consumerKey, sent.token);
  if (known === undefined) return undefined;
  const { tokenHash } = known;
  const account = accountToRead(accountId);
  let checked: CheckedInsert | undefined;
  try {
    const verifiable = verifiableRequest(ctx, role, request, sent.params);
    const verified = await verifyRequest(verifiable, "protected", {
      windowSeconds: ctx.limits.timestampWindowSeconds,
      // The verifier reads the key and token from every place a client may put them; only
      // the pair of the header (the one remembered) is answered here.
      lookupConsumerSecret: (consumerKey) => {
        if (consumerKey !== known.consumerKey) throw new Undecided();
        return known.consumerSecret;
      },
      lookupToken: (token) => {
        if (token !== sent.token) throw new Undecided();
        return {
          status: "active",
          secret: known.tokenSecret,
          owner: known.accessToken.userId,
          signingKey: known.signingKey,
        };
      },
      replayStore: {
        remember: (entry) =>
          rememberWith(entry, async (nonce) => {
            const result = await insertNonceIfUnchanged(
              ctx.db.sql,
              {
                consumerKey: known.consumerKey,
                tokenHash,
                fingerprint: known.fingerprint,
                accountId: account,
              },
              nonce,
            );
            if (result === undefined) {
              ctx.knownCredentials.forget(known.consumerKey, known.token);
              throw new Undecided();
            }
            checked = result;
            return result.inserted;
          }),
      },
    });
    if (checked === undefined) throw new Error("verified without the checked insert");
    const scope = account === undefined ? undefined : { accountId: account, loaded: checked.scope };
    return { known, verified, scope };
  } catch (error) {
    if (checked !== undefined) throw error;
    if (error instanceof Undecided || error instanceof OAuthVerificationError) return undefined;
    throw error;
  }
}
