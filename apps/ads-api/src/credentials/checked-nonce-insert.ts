import type { ReplayEntry } from "@adsgraph/oauth";
import type { RawSql } from "@adsgraph/storage";
import { SCOPE_COLUMNS_SQL, scopeOfRow } from "./account-scope.js";
import type { LoadedScope, ScopeRow } from "./account-scope.js";

/**
 * A digest of the app `a`, access token `t` and user `u` rows as the database holds them, every
 * column included (secrets sealed, invalidation, access type, the user's fields): equal digests,
 * equal rows. SHA-256 so that no row a user can shape (names, callback URLs) could be made to
 * match an older one. Only the digest leaves the database.
 */
export const CREDENTIAL_FINGERPRINT_SQL = `encode(sha256(convert_to(a::text || t::text || u::text, 'UTF8')), 'hex')`;

/**
 * One statement, one round trip: the nonce is inserted only when the caller's app, token and
 * user rows still have the digest the caller verified the signature with, and the path's
 * account, the user's roles on it and its data version are read in the same snapshot (what
 * credential-prefetch.ts reads first on the full path). The insert is the replay decision
 * (`ON CONFLICT DO NOTHING` on the nonce's key): atomic across processes over one database.
 */
const CHECKED_INSERT_SQL = `
    WITH cred AS (
      SELECT ${CREDENTIAL_FINGERPRINT_SQL} = $4 AS unchanged,
             ${SCOPE_COLUMNS_SQL}
      FROM app a
      JOIN access_token t ON t.token_hash = $1
      JOIN "user" u ON u.id = t.user_id
      LEFT JOIN account c ON c.id = $2
      LEFT JOIN account_grant g ON g.account_id = c.id AND g.user_id = t.user_id
      LEFT JOIN account_data_version v ON v.account_id = c.id
      WHERE a.consumer_key = $3
    ),
    inserted AS (
      INSERT INTO oauth_nonce (client_id, oauth_timestamp, nonce)
      SELECT $5, $6, $7 FROM cred WHERE cred.unchanged
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT cred.*, (SELECT count(*) FROM inserted)::int AS inserted FROM cred`;

interface Row extends ScopeRow {
  unchanged: boolean;
  inserted: number;
}

/** What the credentials were checked for. */
export interface CheckedCredentials {
  readonly consumerKey: string;
  readonly tokenHash: string;
  /** The digest the signature was verified under (credential-prefetch.ts read it). */
  readonly fingerprint: string;
  /** The path's account, when the request has one the catalog could accept. */
  readonly accountId: string | undefined;
}

/** The nonce's fate and the account scope, read with it. */
export interface CheckedInsert {
  /** Rows inserted: 0 when the nonce was already there (a replay). */
  readonly inserted: number;
  readonly scope: LoadedScope;
}

/**
 * Inserts a nonce if the credentials are unchanged. Undefined when they changed or are gone
 * (nothing inserted): the caller then verifies from the database afresh.
 */
export async function insertNonceIfUnchanged(
  sql: RawSql,
  credentials: CheckedCredentials,
  { client, timestamp, nonce }: ReplayEntry,
): Promise<CheckedInsert | undefined> {
  const rows = await sql.query<Row>(
    CHECKED_INSERT_SQL,
    [
      credentials.tokenHash,
      credentials.accountId ?? null,
      credentials.consumerKey,
      credentials.fingerprint,
      client,
      String(timestamp),
      nonce,
    ],
    { name: "ads_api_checked_nonce_insert" },
  );
  const row = rows[0];
  if (row?.unchanged !== true) return undefined;
  return { inserted: row.inserted, scope: scopeOfRow(row) };
}
