import type { ApolloServerPlugin } from "@apollo/server";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";

export interface PlaygroundOptions {
  /** JSON text of headers the playground sends, e.g. a dev session's Authorization. */
  defaultHeaders?: string;
  defaultQuery?: string;
}

/**
 * GraphiQL at `GET /graphql` for browsers, with every asset inlined in the page (about 9 MB),
 * so it works with no internet; Apollo's default landing page loads from a CDN.
 */
export function playgroundPlugin(options: PlaygroundOptions = {}): ApolloServerPlugin {
  let html: string | undefined;
  return {
    serverWillStart() {
      return Promise.resolve({
        renderLandingPage: () => {
          html ??= renderGraphiQL({
            title: "adsgraph",
            defaultQuery: options.defaultQuery ?? "{\n  health\n}\n",
            ...(options.defaultHeaders !== undefined && {
              headers: options.defaultHeaders,
              shouldPersistHeaders: false,
            }),
          });
          return Promise.resolve({ html });
        },
      });
    },
  };
}
