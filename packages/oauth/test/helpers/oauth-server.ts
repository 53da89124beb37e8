// A small real OAuth server on 127.0.0.1 (port 0) implementing spec §4.1 with this package's
// own verifier, so the flow helpers are tested against real HTTP and real verification.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OAuthVerificationError } from "../../src/errors.js";
import { parseFormEncoded } from "../../src/form-encoding.js";
import { verifyBasicAuthorization } from "../../src/verify/basic.js";
import { createRequestVerifier } from "../../src/verify/verify-request.js";
import type { RequestKind, VerifiedRequest } from "../../src/verify/verify-request.js";

export interface CannedAnswer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

export interface TestServer {
  readonly baseUrl: string;
  /** Requests received, per path (query left out). */
  readonly hits: Map<string, number>;
  /** The last verified request per path. */
  readonly verified: Map<string, VerifiedRequest>;
  /** Query strings of request_token calls. */
  readonly requestTokenQueries: string[];
  /** Issued request tokens, so a test can play the user who approves and reads the verifier. */
  readonly requestTokens: Map<string, { secret: string; verifier: string; callback: string }>;
  readonly accessTokens: Map<string, { secret: string; invalidated: boolean }>;
  /** The app's current bearer token, if any. */
  bearerToken: string | undefined;
  /** Milliseconds /oauth2/token waits before answering (lets concurrent callers pile up). */
  tokenDelayMs: number;
  /** Canned answers served instead of the real logic, consumed in order, per path. */
  readonly canned: Map<string, CannedAnswer[]>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, contentType: string): void {
  res.writeHead(status, { "content-type": contentType });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), "application/json");
}

function form(res: ServerResponse, fields: Record<string, string>): void {
  send(res, 200, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the server for one app (`consumerKey`/`consumerSecret`); `owner` is its owner's access token. */
export async function startOAuthServer(app: {
  consumerKey: string;
  consumerSecret: string;
  owner: { token: string; tokenSecret: string };
}): Promise<TestServer> {
  const state: Omit<TestServer, "baseUrl" | "close"> = {
    hits: new Map(),
    verified: new Map(),
    requestTokenQueries: [],
    requestTokens: new Map(),
    accessTokens: new Map([
      [app.owner.token, { secret: app.owner.tokenSecret, invalidated: false }],
    ]),
    bearerToken: undefined,
    tokenDelayMs: 0,
    canned: new Map(),
  };
  const verifier = createRequestVerifier({
    lookupConsumerSecret: (key) => (key === app.consumerKey ? app.consumerSecret : undefined),
    lookupToken: (token, { kind }) => {
      if (kind === "access_token") {
        const found = state.requestTokens.get(token);
        return found && { status: "active", secret: found.secret };
      }
      const found = state.accessTokens.get(token);
      if (found === undefined) return undefined;
      return found.invalidated
        ? { status: "invalidated" }
        : { status: "active", secret: found.secret };
    },
  });

  let baseUrl = "";
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", baseUrl);
    const path = url.pathname;
    state.hits.set(path, (state.hits.get(path) ?? 0) + 1);
    const body = await readBody(req);
    const canned = state.canned.get(path)?.shift();
    if (canned !== undefined) {
      send(res, canned.status, canned.body, canned.contentType ?? "application/json");
      return;
    }
    const verify = async (kind: RequestKind) => {
      const verified = await verifier.verify(
        { method: req.method ?? "GET", url, headers: req.headers, body },
        kind,
      );
      state.verified.set(path, verified);
      return verified;
    };

    switch (`${req.method ?? ""} ${path}`) {
      case "POST /oauth/request_token": {
        const verified = await verify("request_token");
        state.requestTokenQueries.push(url.search);
        const token = `rt-${randomBytes(6).toString("hex")}`;
        const secret = `rts-${randomBytes(8).toString("hex")}`;
        state.requestTokens.set(token, {
          secret,
          verifier: `v-${randomBytes(4).toString("hex")}`,
          callback: verified.callback ?? "",
        });
        form(res, {
          oauth_token: token,
          oauth_token_secret: secret,
          oauth_callback_confirmed: "true",
        });
        return;
      }
      case "POST /oauth/access_token": {
        const verified = await verify("access_token");
        const pending = state.requestTokens.get(verified.token ?? "");
        if (pending?.verifier !== verified.verifier) {
          json(res, 401, { errors: [{ code: 32, message: "Invalid oauth_verifier" }] });
          return;
        }
        state.requestTokens.delete(verified.token ?? "");
        const token = `12345678901234567890-${randomBytes(6).toString("hex")}`;
        const secret = `ats-${randomBytes(8).toString("hex")}`;
        state.accessTokens.set(token, { secret, invalidated: false });
        form(res, {
          oauth_token: token,
          oauth_token_secret: secret,
          user_id: "12345678901234567890",
          screen_name: "someone",
        });
        return;
      }
      case "POST /1.1/oauth/invalidate_token": {
        const verified = await verify("protected");
        const found = state.accessTokens.get(verified.token ?? "");
        if (found) found.invalidated = true;
        json(res, 200, { access_token: verified.token });
        return;
      }
      case "POST /oauth2/token": {
        await verifyBasicAuthorization(req.headers.authorization, (key) =>
          key === app.consumerKey ? app.consumerSecret : undefined,
        );
        const grant = parseFormEncoded(body);
        if (
          req.headers["content-type"] !== "application/x-www-form-urlencoded;charset=UTF-8" ||
          grant.length !== 1 ||
          grant[0]?.[0] !== "grant_type" ||
          grant[0][1] !== "client_credentials"
        ) {
          json(res, 400, {
            errors: [{ code: 170, message: "Missing required parameter: grant_type" }],
          });
          return;
        }
        if (state.tokenDelayMs > 0) await new Promise((r) => setTimeout(r, state.tokenDelayMs));
        state.bearerToken ??= `AAAA${randomBytes(12).toString("hex")}`;
        json(res, 200, { token_type: "bearer", access_token: state.bearerToken });
        return;
      }
      case "POST /oauth2/invalidate_token": {
        await verify("protected");
        const revoked = new Map(parseFormEncoded(body)).get("access_token");
        if (revoked === undefined || revoked !== state.bearerToken) {
          json(res, 400, {
            errors: [
              {
                code: 348,
                message: "Client application is not permitted to invalidate this token.",
              },
            ],
          });
          return;
        }
        state.bearerToken = undefined;
        json(res, 200, { access_token: revoked });
        return;
      }
      default:
        json(res, 404, { errors: [{ code: 34, message: "Sorry, that page does not exist." }] });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof OAuthVerificationError) {
        const code =
          error.reason === "invalidated_token" ? 89 : error.reason === "bad_credentials" ? 99 : 32;
        const status = error.reason === "bad_credentials" ? 403 : 401;
        json(res, status, {
          errors: [{ code, message: `Could not authenticate you (${error.reason}).` }],
        });
      } else {
        json(res, 500, { errors: [{ code: 131, message: "Internal error" }] });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    baseUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => {
          if (e) reject(e);
          else resolve();
        });
      }),
  });
}
