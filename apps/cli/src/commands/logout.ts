import { invalidateApiToken } from "../api/api-auth.js";
import { requireFacadeSession } from "../context.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { signOutOfFacade } from "../facade/facade-auth.js";

export interface LogoutOptions {
  readonly url?: string | undefined;
  /** Only the ads API credentials of `login --api`. */
  readonly api?: boolean | undefined;
  /** Both. */
  readonly all?: boolean | undefined;
}

/**
 * `adsgraph logout`: ends the facade session, which invalidates its upstream access token too
 * (the facade's `POST /auth/logout`); `--api` invalidates the `login --api` token at the ads
 * API. Local credentials go only once the server has done its part (or had already: a 401), so
 * a failed sign-out can be tried again.
 */
export async function logout(context: CliContext, options: LogoutOptions): Promise<void> {
  const facade = options.all === true || options.api !== true;
  const api = options.all === true || options.api === true;
  const stored = await context.store.load();
  if (stored.facade === undefined && stored.api === undefined) {
    throw new CliError(CLI_ERROR_CODES.NOT_SIGNED_IN, "not signed in: nothing to sign out of");
  }
  let credentials = stored;
  if (facade) {
    if (stored.facade === undefined) {
      if (options.all !== true) {
        throw new CliError(
          CLI_ERROR_CODES.NOT_SIGNED_IN,
          "not signed in to the facade (`adsgraph logout --api` signs out of the ads API)",
        );
      }
    } else {
      const session = await requireFacadeSession(context, options.url);
      const ended = await signOutOfFacade(session.url, session.sessionToken);
      credentials = { ...credentials, facade: undefined };
      await context.store.save(credentials);
      context.stdout.write(
        ended
          ? `Signed out of ${session.url}: the session and its ads API access token are invalidated.\n`
          : `The session at ${session.url} had already ended.\n`,
      );
    }
  }
  if (api) {
    if (stored.api === undefined) {
      if (options.all !== true) {
        throw new CliError(
          CLI_ERROR_CODES.NOT_SIGNED_IN,
          "not signed in to the ads API (login --api)",
        );
      }
    } else {
      const invalidated = await invalidateApiToken(stored.api);
      credentials = { ...credentials, api: undefined };
      await context.store.save(credentials);
      context.stdout.write(
        invalidated
          ? `Signed out of the ads API at ${stored.api.baseUrl}: the access token is invalidated.\n`
          : `The ads API access token had already been invalidated.\n`,
      );
    }
  }
  context.stdout.write(`Removed from ${context.store.location}.\n`);
}
