// Signs a user in to the facade the way a command-line user does (README "Sign-in, sessions and
// snapshots", PIN flow): the facade starts a sign-in, the user approves on ads-api's authorize
// page with their screen name and password, and the facade trades the PIN for a session. Real
// routes end to end, so a bench's sessions are what users get.

/** The hidden inputs of the authorize page's form, as a browser would submit them. */
function hiddenInputs(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  }
  return fields;
}

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
  const page = await expectOk(await fetch(start.authorize_url), "the authorize page");
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  if (action === undefined) throw new Error("sign-in: the authorize page has no form");
  const approved = await expectOk(
    await fetch(new URL(action, start.authorize_url), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...hiddenInputs(html),
        screen_name: user.screenName,
        password: user.password,
        decision: "approve",
      }),
    }),
    "approving",
  );
  const pin = /id="oauth_pin">([^<]+)</.exec(await approved.text())?.[1];
  if (pin === undefined) throw new Error(`sign-in: no PIN for @${user.screenName}`);
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
