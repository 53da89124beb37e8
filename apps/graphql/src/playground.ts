import type { ApolloServerPlugin } from "@apollo/server";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { GraphiQLOptions } from "graphql-yoga";

/** The playground's starting query: the caller, its accounts and a first look at each. */
export const EXAMPLE_QUERY = `# Your accounts, their campaigns and what funds them. Ctrl-Enter runs it.
query Example {
  viewer {
    screenName
    accounts(first: 5) {
      totalCount
      edges {
        node {
          id
          name
          campaigns(first: 5, sort: { field: NAME, direction: ASC }) {
            totalCount
            pageInfo { hasNextPage endCursor }
            edges {
              node {
                name
                entityStatus
                dailyBudget { micros currency }
                fundingInstrument { type description }
              }
            }
          }
        }
      }
    }
  }
}
`;

export interface PlaygroundOptions {
  /** JSON text of headers the playground sends, e.g. a dev session's Authorization. */
  defaultHeaders?: string;
  defaultQuery?: string;
  /**
   * graphql-ws connectionParams of the playground's subscriptions, e.g. a dev session's
   * `authorization` (the header editor's headers reach HTTP requests only). Without it a
   * signed-in browser's session cookie authenticates the WebSocket (same origin).
   */
  connectionParams?: Record<string, string>;
}

/**
 * GraphiQL at `GET /graphql` for browsers (subscriptions over graphql-ws on the same URL), with every asset inlined in the page (about 9 MB),
 * so it works with no internet; Apollo's default landing page loads from a CDN.
 */
export function playgroundPlugin(options: PlaygroundOptions = {}): ApolloServerPlugin {
  let html: string | undefined;
  return {
    serverWillStart() {
      return Promise.resolve({
        renderLandingPage: () => {
          // The renderer passes every option to its client (url-loader), connectionParams too.
          const graphiql: GraphiQLOptions & { connectionParams?: Record<string, string> } = {
            title: "adsgraph",
            defaultQuery: options.defaultQuery ?? EXAMPLE_QUERY,
            // Subscriptions over graphql-ws at the same /graphql URL (ws:// or wss://).
            subscriptionsProtocol: "WS",
            ...(options.defaultHeaders !== undefined && {
              headers: options.defaultHeaders,
              shouldPersistHeaders: false,
            }),
            ...(options.connectionParams !== undefined && {
              connectionParams: options.connectionParams,
            }),
          };
          html ??= renderGraphiQL(graphiql);
          return Promise.resolve({ html });
        },
      });
    },
  };
}
