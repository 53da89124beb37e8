// Approves a sign-in on ads-api's authorize page the way a person in a browser does: load the
// page, fill in screen name and password, press "Authorize app", read the PIN it shows. For
// tests and benches that sign in by PIN (the CLI's, the facade's, bench sessions).

/** The hidden inputs of the page's form, as a browser submits them. */
function hiddenInputs(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  }
  return fields;
}

/**
 * The PIN shown after approving `authorizeUrl` as `user`. `options.fetch` is the browser's
 * transport (e.g. one trusting a test certificate when the base host serves TLS).
 */
export async function approveAndReadPin(
  authorizeUrl: string,
  user: { readonly screenName: string; readonly password: string },
  options: { readonly fetch?: typeof fetch } = {},
): Promise<string> {
  const browse = options.fetch ?? fetch;
  const page = await browse(authorizeUrl);
  if (!page.ok) throw new Error(`the authorize page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  if (action === undefined) throw new Error("the authorize page has no form");
  const approved = await browse(new URL(action, authorizeUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      ...hiddenInputs(html),
      screen_name: user.screenName,
      password: user.password,
      decision: "approve",
    }),
  });
  const pin = /id="oauth_pin">([^<]+)</.exec(await approved.text())?.[1];
  if (pin === undefined) throw new Error(`approving answered ${approved.status} without a PIN`);
  return pin;
}
