import { requireFacadeSession } from "../context.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { graphQLFailure, postGraphQL } from "../facade/graphql.js";

const VIEWER = "query Whoami { viewer { userId screenName } }";

/**
 * `adsgraph whoami`: who the facade says the stored session is (asked, not just read from the
 * file), and the ads API identity of `login --api` when stored. Never a token.
 */
export async function whoami(context: CliContext, options: { url?: string | undefined }) {
  const { api, facade } = await context.store.load();
  if (api !== undefined) {
    context.stdout.write(
      `ads API (login --api): @${api.screenName} (user id ${api.userId}) at ${api.baseUrl}\n`,
    );
  }
  if (facade === undefined && api !== undefined) {
    throw new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      "not signed in to the facade: run `adsgraph login`",
    );
  }
  const session = await requireFacadeSession(context, options.url);
  const answer = await postGraphQL(session.url, session.sessionToken, { document: VIEWER });
  const failure = graphQLFailure(answer);
  if (failure !== undefined) throw failure;
  const viewer = (answer.data as { viewer?: { userId: string; screenName: string } | null }).viewer;
  if (viewer === undefined || viewer === null) {
    throw new CliError(
      CLI_ERROR_CODES.NOT_SIGNED_IN,
      "the facade knows no viewer: run `adsgraph login`",
    );
  }
  context.stdout.write(
    `@${viewer.screenName} (user id ${viewer.userId}) at ${session.url}; the session lasts until ${session.expiresAt}\n`,
  );
}
