/** A decoded name/value pair. Order is kept and names may repeat (RFC 5849 §3.4.1.3). */
export type ParamPair = readonly [name: string, value: string];

/** Milliseconds since the epoch, like `Date.now`; injectable so tests control time. */
export type Clock = () => number;

/** Returns a fresh nonce; injectable so tests can reproduce fixed requests. */
export type NonceSource = () => string;

/** Consumer (application) credentials: the API key and API key secret. */
export interface ConsumerCredentials {
  readonly consumerKey: string;
  readonly consumerSecret: string;
}

/** Token credentials: a request token or an access token with its secret. */
export interface TokenCredentials {
  readonly token: string;
  readonly tokenSecret: string;
}
