// Signs a user in to the facade the way a command-line user does (docs/graphql.md "Sign-in",
// PIN flow): the facade starts a sign-in, the user approves on ads-api's authorize
// page with their screen name and password, and the facade trades the PIN for a session. Real
// routes end to end, so a bench's sessions are what users get.

import { approveAndReadPin } from "@adsgraph/ads-api/testing";

async function expectOk(response: Response, step: string): Promise<Response> {
  if (!response.ok) {
    throw new Error(`sign-in: ${step} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** A session token (`ags_…`) of the user, through the facade at `origin` (`http://host:port`). */
export async function signInWithPin(
  origin: string,
  user: { screenName: string; password: string },
): Promise<string> {
  const started = await expectOk(
    await fetch(`${origin}/auth/pin/start`, { method: "POST" }),
    "/auth/pin/start",
  );
  const start = (await started.json()) as { request_token: string; authorize_url: string };
  const pin = await approveAndReadPin(start.authorize_url, user);
  const complete = await expectOk(
    await fetch(`${origin}/auth/pin/complete`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request_token: start.request_token, pin }),
    }),
    "/auth/pin/complete",
  );
  return ((await complete.json()) as { session_token: string }).session_token;
}
