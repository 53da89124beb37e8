import { LOCAL_HOSTS } from "@adsgraph/rest-client";
import { startApiPinSignIn } from "../api/api-auth.js";
import type { ApiApp } from "../api/api-auth.js";
import { DEFAULT_FACADE_URL, explicitFacadeUrl } from "../context.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { completePinSignIn, startPinSignIn } from "../facade/facade-auth.js";
import { askForPin } from "../sign-in/ask-for-pin.js";

export interface LoginOptions {
  readonly url?: string | undefined;
  readonly api?: boolean | undefined;
  /** False with `--no-browser`. */
  readonly browser: boolean;
  readonly consumerKey?: string | undefined;
  readonly consumerSecret?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly adsUrl?: string | undefined;
}

const savedIn = (context: CliContext) =>
  `Credentials saved in ${context.store.location} (mode 0600: readable only by you).`;

/** `adsgraph login`: the facade's PIN sign-in, or with `--api` the ads API's own. */
export async function login(context: CliContext, options: LoginOptions): Promise<void> {
  // Read first: a file that others can read is refused before anything new goes into it.
  const stored = await context.store.load();
  if (options.api === true) {
    const credentials = await startApiSignIn(context, apiApp(context, options), options.browser);
    await context.store.save({ ...stored, api: credentials });
    context.stdout.write(
      `Signed in to the ads API at ${credentials.baseUrl} as @${credentials.screenName} (user id ${credentials.userId}).\n${savedIn(context)}\n`,
    );
    return;
  }
  const base = explicitFacadeUrl(context, options.url) ?? DEFAULT_FACADE_URL;
  const started = await startPinSignIn(base);
  const pin = await askForPin(context, started.authorizeUrl, options.browser);
  const session = await completePinSignIn(base, started.requestToken, pin);
  await context.store.save({ ...stored, facade: { url: base, ...session } });
  context.stdout.write(
    `Signed in to ${base} as @${session.screenName} (user id ${session.userId}); the session lasts until ${session.expiresAt}.\n${savedIn(context)}\n`,
  );
}

async function startApiSignIn(context: CliContext, app: ApiApp, browser: boolean) {
  const started = await startApiPinSignIn(app);
  try {
    const pin = await askForPin(context, started.authorizeUrl, browser);
    return await started.complete(pin);
  } finally {
    await started.close();
  }
}

function absolute(option: string, text: string): string {
  if (!URL.canParse(text)) {
    throw new CliError(CLI_ERROR_CODES.USAGE, `${option}: "${text}" is not an absolute URL`);
  }
  return text.replace(/\/+$/, "");
}

/** The app and service of `login --api`: flags, else the environment, else the local ads-api. */
function apiApp(context: CliContext, options: LoginOptions): ApiApp {
  const consumerKey = options.consumerKey ?? context.env.consumerKey;
  const consumerSecret = options.consumerSecret ?? context.env.consumerSecret;
  if (consumerKey === undefined || consumerSecret === undefined) {
    throw new CliError(
      CLI_ERROR_CODES.USAGE,
      "login --api needs the app's consumer key and secret: set ADSGRAPH_CONSUMER_KEY and ADSGRAPH_CONSUMER_SECRET (or --consumer-key, --consumer-secret)",
    );
  }
  return {
    consumerKey,
    consumerSecret,
    baseUrl: absolute("--base-url", options.baseUrl ?? context.env.apiBaseUrl ?? LOCAL_HOSTS.base),
    adsUrl: absolute("--ads-url", options.adsUrl ?? context.env.apiAdsUrl ?? LOCAL_HOSTS.ads),
  };
}
