import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { requestFacade, routeProblem } from "./facade-http.js";

/** `POST /auth/pin/start`: where the user approves, and the request token to complete with. */
export interface PinStart {
  readonly requestToken: string;
  readonly authorizeUrl: string;
}

/** What `POST /auth/pin/complete` answers (docs/graphql.md "Sign-in"). */
export interface SignedInSession {
  readonly sessionToken: string;
  readonly userId: string;
  readonly screenName: string;
  readonly expiresAt: string;
}

function refused(step: string, answer: Awaited<ReturnType<typeof requestFacade>>): CliError {
  const problem = routeProblem(answer);
  return new CliError(
    CLI_ERROR_CODES.API,
    `${step}: ${problem.message.replace(/\.$/, "")} (${problem.code})`,
  );
}

const field = (body: unknown, name: string): string | undefined => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" && value !== "" ? value : undefined;
};

export async function startPinSignIn(base: string): Promise<PinStart> {
  const answer = await requestFacade(base, "/auth/pin/start", { method: "POST" });
  const requestToken = field(answer.body, "request_token");
  const authorizeUrl = field(answer.body, "authorize_url");
  if (answer.status !== 200 || requestToken === undefined || authorizeUrl === undefined) {
    throw refused("the facade did not start a sign-in", answer);
  }
  return { requestToken, authorizeUrl };
}

export async function completePinSignIn(
  base: string,
  requestToken: string,
  pin: string,
): Promise<SignedInSession> {
  const answer = await requestFacade(base, "/auth/pin/complete", {
    method: "POST",
    body: { request_token: requestToken, pin },
  });
  const session = {
    sessionToken: field(answer.body, "session_token"),
    userId: field(answer.body, "user_id"),
    screenName: field(answer.body, "screen_name"),
    expiresAt: field(answer.body, "expires_at"),
  };
  const { sessionToken, userId, screenName, expiresAt } = session;
  if (
    answer.status !== 200 ||
    sessionToken === undefined ||
    userId === undefined ||
    screenName === undefined ||
    expiresAt === undefined
  ) {
    throw refused("sign-in failed", answer);
  }
  return { sessionToken, userId, screenName, expiresAt };
}

/**
 * `POST /auth/logout`: the facade invalidates the session's upstream access token
 * (`/1.1/oauth/invalidate_token`) and ends the session. Resolves false when the session had
 * already ended (401), which is what signing out wants anyway.
 */
export async function signOutOfFacade(base: string, sessionToken: string): Promise<boolean> {
  const answer = await requestFacade(base, "/auth/logout", {
    method: "POST",
    // A JSON body marks the request as not CORS-simple: the facade's CSRF check passes.
    headers: { authorization: `Bearer ${sessionToken}` },
    body: {},
  });
  if (answer.status === 200) return true;
  if (answer.status === 401) return false;
  throw refused("sign-out failed", answer);
}
