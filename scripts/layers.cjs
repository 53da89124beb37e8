// @ts-check
// The layers of the repository, top first: the dependency rules (.dependency-cruiser.cjs) and
// the README diagram (scripts/layers-diagram.mjs) are both made from these tables.

/**
 * A module may import its own layer and those below it, never one above. An entry is a folder
 * (`routes/`) or a file (`server.ts`) under the app's src/; a file named inside another layer's
 * folder belongs to the layer that names it (auth/roles.ts sits below credentials/).
 * Any layer may import the type of `context.ts` (the one handle every handler receives), never
 * its value. In ads-api it is a type only, composed in the server layer (create-context.ts),
 * and it sits below the services that take it: what it holds never imports it back.
 * @type {Record<string, { context: string, layers: [string, string[]][] }>}
 */
const APP_LAYERS = {
  "ads-api": {
    context: "context.ts",
    layers: [
      ["entry", ["index.ts", "main.ts", "cli/"]],
      ["seed", ["seed/"]],
      ["server", ["server.ts", "create-context.ts", "hosts/", "metrics/"]],
      ["routes", ["routes/"]],
      ["faults", ["faults/faults.ts"]],
      ["auth", ["auth/"]],
      ["http", ["http/"]],
      ["oauth-pages", ["oauth-pages/"]],
      ["services", ["services/"]],
      ["context", ["context.ts"]],
      // What one process runs beside the requests: activity stream wake-ups and webhook deliveries.
      ["delivery", ["delivery/"]],
      ["list-cache", ["list-cache/"]],
      ["credentials", ["credentials/"]],
      // The role table of spec §4.3, below the grants checked against it.
      ["roles", ["auth/roles.ts"]],
      ["rate-limits", ["rate-limits/"]],
      ["paging", ["paging/"]],
      ["logging", ["logging/"]],
      ["reference", ["reference/"]],
      ["db", ["db/"]],
      ["crypto", ["crypto/"]],
      [
        "settings",
        ["config.ts", "env.ts", "errors.ts", "seeded-random.ts", "faults/fault-settings.ts"],
      ],
    ],
  },
  graphql: {
    context: "context.ts",
    layers: [
      [
        "entry",
        [
          "index.ts",
          "main.ts",
          "server.ts",
          "services.ts",
          "context.ts",
          "playground.ts",
          "log-fields.ts",
          "utf8-json-body.ts",
          "no-subscriptions-rule.ts",
          "request-caller.ts",
          "response-cache/response-cache-http.ts",
          "auth/",
        ],
      ],
      // The GraphQL types, a folder a domain (schema/<domain>/<type>.ts, mutations beside their type).
      ["schema", ["schema/"]],
      // What the types are built with, none a type of its own: list and mutation arguments,
      // connections, payloads, input fields, the post selection.
      ["fields", ["fields/"]],
      // The types those helpers name: the shared enums and the mutation errors.
      ["schema-base", ["schema/common/enums.ts", "schema/common/errors.ts"]],
      ["builder", ["builder.ts", "query-limits.ts", "input/"]],
      ["loaders", ["loaders/"]],
      // The upstream path: rest-client with the facade's own layers around it.
      [
        "upstream",
        ["upstream/", "snapshots/", "sessions/", "access/", "response-cache/", "errors/"],
      ],
      ["storage", ["db/", "env.ts"]],
    ],
  },
  // The command line: commands over the context they are given, then the facade's and the ads
  // API's clients, formatting, and the credential store; settings at the bottom.
  cli: {
    context: "context.ts",
    layers: [
      ["entry", ["main.ts", "program.ts"]],
      ["commands", ["commands/"]],
      ["context", ["context.ts"]],
      ["sign-in", ["sign-in/"]],
      ["upload", ["upload/"]],
      ["clients", ["facade/", "api/"]],
      ["format", ["format/"]],
      ["credentials", ["credentials/"]],
      ["settings", ["env.ts", "errors.ts"]],
    ],
  },
};

/** Workspace libraries and the libraries each may import; a library never imports an app. */
const PACKAGE_IMPORTS = {
  "client-cache": [],
  models: [],
  storage: [],
  telemetry: ["oauth"],
  oauth: ["models"],
  "rest-client": ["models", "oauth"],
};

module.exports = { APP_LAYERS, PACKAGE_IMPORTS };
