/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#14171a}
h1{font-size:1.4rem}form{display:grid;gap:.75rem}label{display:grid;gap:.25rem}
input{font:inherit;padding:.5rem}button{font:inherit;padding:.6rem;cursor:pointer}
.error{color:#b00020}.pin{font-size:2rem;letter-spacing:.3rem;font-weight:bold}.muted{color:#657786}`;

/** A complete page; every dynamic value must already be escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

export function renderErrorPage(status: number, messages: readonly string[]): string {
  const items = messages.map((message) => `<li>${escapeHtml(message)}</li>`).join("");
  return page("Error", `<h1>Something went wrong (${status})</h1><ul class="error">${items}</ul>`);
}

export interface AuthorizePageInput {
  /** `/oauth/authorize` or `/oauth/authenticate`: where the form posts. */
  readonly action: string;
  readonly appName: string;
  readonly accessType: "read" | "write";
  readonly oauthToken: string;
  readonly formToken: string;
  /** The signed-in user when a session is used; null asks for screen name and password. */
  readonly signedInAs: string | null;
  readonly screenName: string | undefined;
  readonly error: string | undefined;
  /** Link to sign in as someone else (force_login). */
  readonly switchUserHref: string;
}

/** spec §4.1: the page where the user signs in and approves or denies the app. */
export function renderAuthorizePage(input: AuthorizePageInput): string {
  const access =
    input.accessType === "write"
      ? "read your advertising data and make changes for you"
      : "read your advertising data (read only)";
  const error = input.error === undefined ? "" : `<p class="error">${escapeHtml(input.error)}</p>`;
  const login =
    input.signedInAs === null
      ? `<label>Screen name <input name="screen_name" autocomplete="username" required value="${escapeHtml(input.screenName ?? "")}"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>`
      : `<p>Signed in as <strong>@${escapeHtml(input.signedInAs)}</strong>. <a href="${escapeHtml(input.switchUserHref)}">Not you?</a></p>`;
  return page(
    `Authorize ${input.appName}`,
    `<h1>Authorize <strong>${escapeHtml(input.appName)}</strong> to use your account?</h1>
<p>This application will be able to ${access}.</p>${error}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="oauth_token" value="${escapeHtml(input.oauthToken)}">
<input type="hidden" name="form_token" value="${escapeHtml(input.formToken)}">
${login}
<button type="submit" name="decision" value="approve">Authorize app</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</form>`,
  );
}

/** spec §4.1 out-of-band mode: the PIN the user types into the application. */
export function renderPinPage(appName: string, pin: string): string {
  return page(
    "Authorization PIN",
    `<h1>You authorized ${escapeHtml(appName)}</h1>
<p>Enter this PIN in the application to complete authorization:</p>
<p class="pin"><code id="oauth_pin">${escapeHtml(pin)}</code></p>`,
  );
}

export function renderDeniedPage(appName: string): string {
  return page(
    "Not authorized",
    `<h1>You did not authorize ${escapeHtml(appName)}</h1><p class="muted">No access was granted. You can close this page.</p>`,
  );
}
