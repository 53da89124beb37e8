import { createHmac } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { OAuthErrorCode, OAuthProtocolError } from "../errors.js";
import { parseFormEncoded } from "../form-encoding.js";
import { assertValidNonce, generateNonce, timestampSeconds } from "../nonce.js";
import { percentEncode } from "../percent-encode.js";
import type { ConsumerCredentials, ParamPair, TokenCredentials } from "../types.js";
import { parseRequestUrl } from "./base-string.js";
import type { SignedRequest, SignRequestInput } from "./sign-request.js";
import { createSigningKey } from "./signature.js";

/** What one request adds to a signer's credentials. */
export type SignerInput = Omit<SignRequestInput, "consumer" | "token">;

/** Signs requests as one consumer and token: `signRequest`'s bytes, its per-credential work done once. */
export interface RequestSigner {
  sign(input: SignerInput): SignedRequest;
}

/** Protocol parameters every signed request has; `oauth_token` and `oauth_version` vary by signer and call. */
const ALWAYS_RESERVED = new Set([
  "oauth_consumer_key",
  "oauth_nonce",
  "oauth_signature_method",
  "oauth_timestamp",
  "oauth_signature",
]);
/** As sign-request.ts: what `oauthParams` may not name. */
const GENERATED = new Set([...ALWAYS_RESERVED, "oauth_token", "oauth_version"]);

type Encoded = [name: string, value: string];

function invalid(message: string): OAuthProtocolError {
  return new OAuthProtocolError(OAuthErrorCode.INVALID_ARGUMENT, message);
}

const byNameThenValue = (a: Encoded, b: Encoded) =>
  a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1;

/**
 * A signer for one consumer and token (the facade keeps one per access token): the HMAC key
 * (RFC 5849 §3.4.2) is a KeyObject made once, the credentials' encoded forms and header parts
 * are built once, and the URL is parsed once per request. Its output is byte for byte that of
 * `signRequest` (the plain reading of the RFC, which the tests compare it with), errors
 * included.
 */
export function createRequestSigner(
  consumer: ConsumerCredentials,
  token?: TokenCredentials,
): RequestSigner {
  const key: KeyObject = createSigningKey(consumer.consumerSecret, token?.tokenSecret);
  const consumerKey = percentEncode(consumer.consumerKey);
  const tokenValue = token === undefined ? undefined : percentEncode(token.token);
  const consumerPart = `oauth_consumer_key="${consumerKey}"`;
  const tokenPart = tokenValue === undefined ? "" : `, oauth_token="${tokenValue}"`;

  return {
    sign(input) {
      const nonce = (input.nonce ?? generateNonce)();
      assertValidNonce(nonce);
      const timestamp = String(timestampSeconds(input.clock));
      const version = input.includeVersion ?? true;
      const extras: ParamPair[] = [];
      if (input.oauthParams !== undefined) {
        for (const [name, value] of Object.entries(input.oauthParams)) {
          if (!name.startsWith("oauth_") || GENERATED.has(name)) {
            throw invalid(
              `oauthParams may only add other oauth_ parameters (got ${name.slice(0, 40)})`,
            );
          }
          extras.push([name, value]);
        }
      }
      const form = typeof input.form === "string" ? parseFormEncoded(input.form) : input.form;
      const url = input.url instanceof URL ? input.url : parseRequestUrl(input.url);
      const reserved = (name: string) =>
        name.startsWith("oauth_") &&
        (ALWAYS_RESERVED.has(name) ||
          (name === "oauth_token" && token !== undefined) ||
          (name === "oauth_version" && version) ||
          extras.some(([extra]) => extra === name));

      // RFC 5849 §3.4.1.3: the query's, the form's and the protocol parameters, encoded, sorted.
      const params: Encoded[] = [];
      for (const [name, value] of url.searchParams) {
        if (reserved(name))
          throw invalid("a query or form parameter repeats an OAuth protocol parameter");
        params.push([percentEncode(name), percentEncode(value)]);
      }
      if (form !== undefined) {
        for (const [name, value] of form) {
          if (reserved(name))
            throw invalid("a query or form parameter repeats an OAuth protocol parameter");
          params.push([percentEncode(name), percentEncode(value)]);
        }
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw invalid("the request URL must be http or https");
      }
      const encodedNonce = percentEncode(nonce);
      params.push(
        ["oauth_consumer_key", consumerKey],
        ["oauth_nonce", encodedNonce],
        ["oauth_signature_method", "HMAC-SHA1"],
        ["oauth_timestamp", percentEncode(timestamp)],
      );
      if (tokenValue !== undefined) params.push(["oauth_token", tokenValue]);
      if (version) params.push(["oauth_version", "1.0"]);
      let extraParts = "";
      for (const [name, value] of extras) {
        const encoded: Encoded = [percentEncode(name), percentEncode(value)];
        params.push(encoded);
        extraParts += `, ${encoded[0]}="${encoded[1]}"`;
      }
      params.sort(byNameThenValue);
      let normalized = "";
      for (const [name, value] of params) {
        normalized += normalized === "" ? `${name}=${value}` : `&${name}=${value}`;
      }
      // §3.4.1.2: WHATWG parsing has lower-cased scheme and host and dropped a default port.
      const port = url.port === "" ? "" : `:${url.port}`;
      const baseString =
        `${percentEncode(input.method.toUpperCase())}&` +
        `${percentEncode(`${url.protocol}//${url.hostname}${port}${url.pathname}`)}&` +
        percentEncode(normalized);
      const signature = createHmac("sha1", key).update(baseString, "utf8").digest("base64");

      const realm =
        input.realm === undefined ? "" : `realm="${input.realm.replace(/["\\]/g, "\\$&")}", `;
      const authorization =
        `OAuth ${realm}${consumerPart}, oauth_nonce="${encodedNonce}", ` +
        `oauth_signature_method="HMAC-SHA1", oauth_timestamp="${percentEncode(timestamp)}"` +
        `${tokenPart}${version ? ', oauth_version="1.0"' : ""}${extraParts}` +
        `, oauth_signature="${percentEncode(signature)}"`;
      const protocolParams: ParamPair[] = [
        ["oauth_consumer_key", consumer.consumerKey],
        ["oauth_nonce", nonce],
        ["oauth_signature_method", "HMAC-SHA1"],
        ["oauth_timestamp", timestamp],
      ];
      if (token !== undefined) protocolParams.push(["oauth_token", token.token]);
      if (version) protocolParams.push(["oauth_version", "1.0"]);
      protocolParams.push(...extras, ["oauth_signature", signature]);
      return { authorization, protocolParams, signature, baseString };
    },
  };
}
