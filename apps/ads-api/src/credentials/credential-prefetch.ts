import { adsId } from "@adsgraph/models";
import type { RawSql } from "@adsgraph/storage";
import type { AccessToken, App, User } from "../generated/prisma/client.js";
import { sha256Hex } from "../crypto/tokens.js";
import { isStorableConsumerKey } from "./apps.js";
import { SCOPE_COLUMNS_SQL, scopeOfRow } from "./account-scope.js";
import { CREDENTIAL_FINGERPRINT_SQL } from "./checked-nonce-insert.js";
import type { LoadedScope, ScopeRow } from "./account-scope.js";

/** The app of a consumer key and an access token with its user, read together. */
export interface PrefetchedCredentials {
  readonly consumerKey: string;
  readonly tokenHash: string;
  readonly app: App | null;
  /** The token row whatever app it belongs to (the verifier compares), or null. */
  readonly accessToken: (AccessToken & { user: User }) | null;
  /** The account asked for, with the token user's roles on it and its data version. */
  readonly scope: { readonly accountId: string; readonly loaded: LoadedScope } | undefined;
  /** Digest of the app, token and user rows as read (`CREDENTIAL_FINGERPRINT_SQL`); null without a token. */
  readonly fingerprint: string | null;
}

interface Row extends ScopeRow {
  a_id: string;
  a_name: string;
  a_consumer_key: string;
  a_consumer_secret_enc: string;
  a_callback_urls: string[];
  a_sign_in_with_enabled: boolean;
  a_access_level: string;
  a_owner_id: string;
  a_created_at: Date;
  t_token_hash: string | null;
  t_app_id: string;
  t_user_id: string;
  t_secret_enc: string;
  t_access_type: string;
  t_created_at: Date;
  t_invalidated_at: Date | null;
  u_id: string;
  u_screen_name: string;
  u_screen_name_lower: string;
  u_password_hash: string;
  u_premium: boolean;
  u_created_at: Date;
  fingerprint: string | null;
}

const PREFETCH_SQL = `
    SELECT a.id AS a_id, a.name AS a_name, a.consumer_key AS a_consumer_key,
           a.consumer_secret_enc AS a_consumer_secret_enc, a.callback_urls AS a_callback_urls,
           a.sign_in_with_enabled AS a_sign_in_with_enabled, a.access_level AS a_access_level,
           a.owner_id AS a_owner_id, a.created_at AS a_created_at,
           t.token_hash AS t_token_hash, t.app_id AS t_app_id, t.user_id AS t_user_id,
           t.secret_enc AS t_secret_enc, t.access_type AS t_access_type,
           t.created_at AS t_created_at, t.invalidated_at AS t_invalidated_at,
           u.id AS u_id, u.screen_name AS u_screen_name, u.screen_name_lower AS u_screen_name_lower,
           u.password_hash AS u_password_hash, u.premium AS u_premium,
           u.created_at AS u_created_at,
           ${CREDENTIAL_FINGERPRINT_SQL} AS fingerprint,
           ${SCOPE_COLUMNS_SQL}
    FROM app a
    LEFT JOIN access_token t ON t.token_hash = $1
    LEFT JOIN "user" u ON u.id = t.user_id
    LEFT JOIN account c ON c.id = $2
    LEFT JOIN account_grant g ON g.account_id = c.id AND g.user_id = t.user_id
    LEFT JOIN account_data_version v ON v.account_id = c.id
    WHERE a.consumer_key = $3`;

/** The path's text, not yet validated: only an id the catalog could accept is looked up. */
export function accountToRead(accountId: string | undefined): string | undefined {
  return accountId !== undefined && adsId.safeParse(accountId).success ? accountId : undefined;
}

/**
 * One round trip instead of five for a user-context request: the app of the consumer key, the
 * access token of the header (by hash), the token's user and, for a path with an account, the
 * account, the user's grant on it and its data version (credentials/account-scope.ts). Read on every
 * request, so an invalidated token, a revoked role or a removed app is refused at once, by
 * every process over the database. Nothing read here is used before the signature is verified.
 * Undefined when the key could not be stored (the ordinary lookup then answers no app).
 * Plain SQL rather than Prisma, prepared once (storage's `RawSql`): with nonces in the database
 * this runs on a process's first request of each token and whenever checked-nonce-insert.ts
 * finds the rows changed; with nonces in Redis (shared mode), on every signed request.
 */
export async function prefetchUserCredentials(
  sql: RawSql,
  consumerKey: string,
  token: string,
  accountId: string | undefined,
): Promise<PrefetchedCredentials | undefined> {
  if (!isStorableConsumerKey(consumerKey)) return undefined;
  const tokenHash = sha256Hex(token);
  const account = accountToRead(accountId);
  const rows = await sql.query<Row>(PREFETCH_SQL, [tokenHash, account ?? null, consumerKey], {
    name: "ads_api_prefetch_credentials",
  });
  const row = rows[0];
  if (row === undefined) {
    return {
      consumerKey,
      tokenHash,
      app: null,
      accessToken: null,
      scope: undefined,
      fingerprint: null,
    };
  }
  const app: App = {
    id: row.a_id,
    name: row.a_name,
    consumerKey: row.a_consumer_key,
    consumerSecretEnc: row.a_consumer_secret_enc,
    callbackUrls: row.a_callback_urls,
    signInWithEnabled: row.a_sign_in_with_enabled,
    accessLevel: row.a_access_level,
    ownerId: row.a_owner_id,
    createdAt: row.a_created_at,
  };
  const accessToken =
    row.t_token_hash === null
      ? null
      : {
          tokenHash: row.t_token_hash,
          appId: row.t_app_id,
          userId: row.t_user_id,
          secretEnc: row.t_secret_enc,
          accessType: row.t_access_type,
          createdAt: row.t_created_at,
          invalidatedAt: row.t_invalidated_at,
          user: {
            id: row.u_id,
            screenName: row.u_screen_name,
            screenNameLower: row.u_screen_name_lower,
            passwordHash: row.u_password_hash,
            premium: row.u_premium,
            createdAt: row.u_created_at,
          },
        };
  const scope = account === undefined ? undefined : { accountId: account, loaded: scopeOfRow(row) };
  return { consumerKey, tokenHash, app, accessToken, scope, fingerprint: row.fingerprint };
}
