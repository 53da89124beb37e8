import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEMO } from "@adsgraph/ads-api";
import { freePort } from "@adsgraph/ads-api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./support/cli.js";
import type { CliResult } from "./support/cli.js";
import { loginWithPin } from "./support/sign-in.js";
import { startStack } from "./support/stack.js";
import type { CliStack } from "./support/stack.js";

interface StoredSession {
  facade: { url: string; sessionToken: string };
}

/** An error as the command reports it: one line on stderr, no stack. */
function expectOneLineError(result: CliResult, code: number, message: RegExp) {
  expect(result.code).toBe(code);
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(/^adsgraph: /);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe("adsgraph against the facade", () => {
  let stack: CliStack;
  let scratch: string;
  /** Signed in by the first test; the others use it. */
  let configDir: string;
  let env: Record<string, string>;
  const credentialsFile = () => path.join(configDir, "credentials.json");
  const stored = async () => JSON.parse(await readFile(credentialsFile(), "utf8")) as StoredSession;
  const cli = (args: readonly string[], stdin?: string) =>
    runCli(args, { configDir, env, ...(stdin !== undefined && { stdin }) });

  beforeAll(async () => {
    stack = await startStack();
    scratch = await mkdtemp(path.join(os.tmpdir(), "adsgraph-cli-test-"));
    configDir = path.join(scratch, "config");
    env = { ADSGRAPH_URL: stack.facade.origin };
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await stack.close();
  });

  it("signs in by PIN: prints the authorize URL, reads the PIN, keeps the session in a 0600 file", async () => {
    const result = await loginWithPin([], { configDir, env });
    expect(result.code).toBe(0);
    // The facade's PIN flow: ads-api's authenticate page for the facade's own app.
    expect(result.authorizeUrl.startsWith(`${stack.adsApi.urls.base}/oauth/authenticate?`)).toBe(
      true,
    );
    expect(result.stdout).toContain(
      `Signed in to ${stack.facade.origin} as @${DEMO.user.screenName} (user id ${DEMO.user.id})`,
    );
    expect(result.stdout).toContain(`Credentials saved in ${credentialsFile()} (mode 0600`);
    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    const session = await stored();
    expect(session.facade.url).toBe(stack.facade.origin);
    expect(session.facade.sessionToken).toMatch(/^ags_/);
    // The token is stored, never shown.
    expect(result.stdout + result.stderr).not.toContain(session.facade.sessionToken);

    const whoami = await cli(["whoami"]);
    expect(whoami).toMatchObject({ code: 0, stderr: "" });
    expect(whoami.stdout).toMatch(
      new RegExp(
        `^@${DEMO.user.screenName} \\(user id ${DEMO.user.id}\\) at ${stack.facade.origin};`,
      ),
    );
    expect(whoami.stdout).not.toContain(session.facade.sessionToken);
  });

  it("runs a query: pretty JSON by default, variables inline or from a file", async () => {
    const result = await cli([
      "query",
      "query One($id: String!) { account(rawId: $id) { rawId name } }",
      "--variables",
      JSON.stringify({ id: DEMO.accounts[0].id }),
    ]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toBe(
      `${JSON.stringify({ account: { rawId: DEMO.accounts[0].id, name: DEMO.accounts[0].name } }, null, 2)}\n`,
    );

    const viaStdin = await cli(["query", "-"], "{ viewer { screenName } }");
    expect(JSON.parse(viaStdin.stdout)).toEqual({ viewer: { screenName: DEMO.user.screenName } });
  });

  // Needs the facade's extensions.cost and explain header (issue 35).
  it("prints the cost after the answer on stderr with --cost; --explain sends nothing upstream", async () => {
    const document = "{ viewer { accounts(first: 2) { edges { node { rawId } } } } }";
    const result = await cli(["query", document, "--cost"]);
    expect(result.code).toBe(0);
    // stdout stays the answer alone, for a pipe.
    expect(JSON.parse(result.stdout)).toHaveProperty("viewer.accounts.edges");
    expect(result.stderr).toMatch(/^cost: planned \d+(–\d+|\+)? requests?, sent \d+\n/);
    expect(result.stderr).toMatch(/^FAMILY +WINDOW +PLANNED +SENT +BUDGET +RESETS$/m);

    const requestsBefore = (await stack.adsApi.requests.counts()).total;
    const explain = await cli(["query", document, "--explain"]);
    expect(explain).toMatchObject({ code: 0, stderr: "" });
    expect(explain.stdout).toMatch(/^plan: \d+(–\d+|\+)? requests? \(explain: nothing sent\)\n/);
    expect((await stack.adsApi.requests.counts()).total).toBe(requestsBefore);
  });

  it("prints a connection as aligned columns with --format table", async () => {
    const result = await cli([
      "query",
      "{ viewer { accounts(first: 10) { edges { node { rawId name } } } } }",
      "--format",
      "table",
    ]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const lines = result.stdout.trimEnd().split("\n");
    // Ids are 6 characters, "rawId" 5: the column is 6 wide, then two spaces.
    expect(lines[0]).toBe("rawId   name");
    for (const account of DEMO.accounts) {
      expect(lines).toContain(`${account.id}  ${account.name}`);
    }
  });

  it("lists accounts and an account's campaigns", async () => {
    const accounts = await cli(["accounts"]);
    expect(accounts).toMatchObject({ code: 0, stderr: "" });
    const accountLines = accounts.stdout.trimEnd().split("\n");
    expect(accountLines[0]).toMatch(/^ID +NAME +TIMEZONE +APPROVAL +BUSINESS$/);
    for (const account of DEMO.accounts) {
      expect(accountLines.some((line) => line.startsWith(`${account.id}  ${account.name}`))).toBe(
        true,
      );
    }

    const campaigns = await cli(["campaigns", DEMO.accounts[0].id]);
    expect(campaigns).toMatchObject({ code: 0, stderr: "" });
    const lines = campaigns.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^ID +NAME +STATUS +EFFECTIVE +FUNDING INSTRUMENT +DAILY BUDGET +START +END$/,
    );
    const spring = lines.find((line) => line.startsWith(`${DEMO.accounts[0].id}c1 `));
    expect(spring).toMatch(/Spring launch +ACTIVE .* 25\.00 USD /);
    expect(
      lines.some((line) => line.includes("Holiday promo") && line.includes("100.00 USD")),
    ).toBe(true);

    const json = await cli(["campaigns", DEMO.accounts[0].id, "--format", "json", "--limit", "2"]);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { rawId: string }[]).map((c) => c.rawId)).toHaveLength(2);
    expect(json.stderr).toBe("(more campaigns than --limit 2)\n");
  });

  // Issue 36: needs the facade's Campaign.metrics and ads-api's simulated delivery.
  it("prints the campaigns' impressions, engagements and spend per day, in total and as JSON", async () => {
    const account = DEMO.accounts[0].id;
    const statsRequests = async () =>
      (await stack.adsApi.requests.counts()).byEndpoint["stats.get"] ?? 0;
    const before = await statsRequests();
    const daily = await cli(["stats", account]);
    // The range on stderr, so stdout stays the table (and a failure shows its error here).
    expect({ code: daily.code, stderr: daily.stderr }).toEqual({
      code: 0,
      stderr: expect.stringMatching(
        /^\(from \d{4}-\d\d-\d\dT\d\d:00:00Z to \d{4}-\d\d-\d\dT\d\d:00:00Z, end excluded, per day\)\n$/,
      ) as unknown,
    });
    // The account's four campaigns (the draft is left out) in 7 days: one stats.get request.
    expect((await statsRequests()) - before).toBe(1);
    const lines = daily.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^CAMPAIGN +ID +START \(UTC\) +IMPRESSIONS +ENGAGEMENTS +SPEND$/);
    const spring = lines.filter((line) => line.startsWith("Spring launch "));
    expect(spring).toHaveLength(7);
    for (const line of spring) {
      expect(line).toMatch(
        new RegExp(
          `^Spring launch +${account}c1 +\\d{4}-\\d\\d-\\d\\d \\d\\d:00 +\\d+ +\\d+ +\\d+\\.\\d{2,6} USD$`,
        ),
      );
    }
    expect(lines.filter((line) => line.includes("Draft: summer ideas"))).toEqual([]);
    expect(lines).toHaveLength(1 + 4 * 7);

    // The same numbers as data: each day's points add up to the range's total.
    const afterDaily = await statsRequests();
    const json = await cli(["stats", account, "--json"]);
    expect(json.code).toBe(0);
    // Closed hours never change: asked again for the same range (the same hour), the facade
    // answers from what it kept and does not ask the ads service again.
    if (json.stderr === daily.stderr) expect(await statsRequests()).toBe(afterDaily);
    const campaigns = JSON.parse(json.stdout) as {
      rawId: string;
      metrics: {
        bucketStarts: string[];
        engagement: { impressions: { total: number; points: { value: number }[] } };
        billing: { spend: { total: { micros: string; currency: string } } };
      };
    }[];
    expect(campaigns.map((c) => c.rawId).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `${account}c${n}`),
    );
    for (const campaign of campaigns) {
      const { impressions } = campaign.metrics.engagement;
      expect(campaign.metrics.bucketStarts).toHaveLength(7);
      expect(impressions.points.reduce((sum, p) => sum + p.value, 0)).toBe(impressions.total);
      expect(campaign.metrics.billing.spend.total.currency).toBe("USD");
    }
    // The demo account's active campaigns deliver (ads-api's seed and simulation).
    const delivered = campaigns.reduce((sum, c) => sum + c.metrics.engagement.impressions.total, 0);
    expect(delivered).toBeGreaterThan(0);
    const total = await cli([
      "stats",
      account,
      "--granularity",
      "total",
      "--campaign",
      `${account}c1`,
      "--campaign",
      `${account}c3`,
      "--days",
      "30",
    ]);
    expect({ code: total.code, stderr: total.stderr }).toEqual({
      code: 0,
      stderr: expect.stringMatching(/, in total\)\n$/) as unknown,
    });
    const totalLines = total.stdout.trimEnd().split("\n");
    expect(totalLines[0]).toMatch(/^CAMPAIGN +ID +IMPRESSIONS +ENGAGEMENTS +SPEND$/);
    const hourly = await cli([
      "stats",
      account,
      "--campaign",
      `${account}c1`,
      "--days",
      "1",
      "--granularity",
      "hour",
    ]);
    expect(hourly.code).toBe(0);
    expect(hourly.stderr).toMatch(/, per hour\)\n$/);
    const hours = hourly.stdout.trimEnd().split("\n").slice(1);
    expect(hours).toHaveLength(24);
    // A day of whole hours: each hour of the day once.
    expect(new Set(hours.map((line) => / (\d\d):00 /.exec(line)?.[1])).size).toBe(24);
    // Named campaigns only, the paused one too.
    expect(totalLines.slice(1).map((line) => line.split(/ {2,}/)[1])).toEqual([
      `${account}c1`,
      `${account}c3`,
    ]);
  });

  it("refuses bad stats flags naming them (exit 2), and names a campaign it cannot find (exit 1)", async () => {
    const account = DEMO.accounts[0].id;
    for (const days of ["0", "91", "7.5", "week"]) {
      expectOneLineError(
        await cli(["stats", account, "--days", days]),
        2,
        /option '--days <n>' argument '.*' is invalid\. must be a whole number from 1 to 90/,
      );
    }
    expectOneLineError(
      await cli(["stats", account, "--granularity", "week"]),
      2,
      /option '--granularity <granularity>' argument 'week' is invalid\. Allowed choices are day, hour, total/,
    );
    expectOneLineError(
      await cli(["stats", account, "--campaign", "c1; drop"]),
      2,
      /option '--campaign <id>' argument 'c1; drop' is invalid\. must be an advertising id/,
    );
    expectOneLineError(await cli(["stats", "a/b"]), 2, /'account'.*must be an advertising id/);
    // An id the account does not have, and its draft (drafts never delivered: no stats).
    for (const id of [`${account}c99`, `${account}c5`]) {
      const missing = await cli(["stats", account, "--campaign", id]);
      expectOneLineError(
        missing,
        1,
        new RegExp(
          `--campaign: account ${account} has no campaign ${id} with stats \\(none by that id, or a draft\\)`,
        ),
      );
      expect(missing.stdout).toBe("");
    }
  });

  it("reports a bad query as one line and exit 1; --debug adds the stack", async () => {
    const bad = await cli(["query", "{ viewer { nope } }"]);
    expectOneLineError(
      bad,
      1,
      /Cannot query field "nope" on type "Viewer"\..*GRAPHQL_VALIDATION_FAILED/,
    );
    expect(bad.stdout).toBe("");

    const missing = await cli(["campaigns", "nosuchaccount"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trimEnd().split("\n")).toHaveLength(1);

    const debug = await cli(["--debug", "query", "{ viewer { nope } }"]);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/^adsgraph: Cannot query field/);
    expect(debug.stderr).toMatch(/^\s+at /m);
  });

  it("refuses usage errors with exit 2", async () => {
    expectOneLineError(await cli(["query"]), 2, /missing required argument 'document'/);
    expectOneLineError(
      await cli(["query", "{ health }", "--variables", "{oops"]),
      2,
      /--variables: not JSON/,
    );
    expectOneLineError(
      await cli(["query", "{ health }", "--format", "table"]),
      2,
      /--format table needs a connection/,
    );
  });

  it("says where the facade could not be reached, with exit 4", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const closed = await runCli(["login", "--no-browser", "--url", nobody], {
      configDir: path.join(scratch, "unreachable"),
    });
    expectOneLineError(
      closed,
      4,
      new RegExp(`cannot reach the facade at ${nobody} \\(ECONNREFUSED\\); is it running\\?`),
    );
  });

  it("refuses a credentials file other users can read", async () => {
    await chmod(credentialsFile(), 0o644);
    try {
      expectOneLineError(await cli(["whoami"]), 3, /can be read by other users \(mode 0644\)/);
    } finally {
      await chmod(credentialsFile(), 0o600);
    }
  });

  it("never sends the token to another facade than the one that issued it", async () => {
    const other = await cli(["--url", "http://127.0.0.1:9", "whoami"]);
    expectOneLineError(
      other,
      3,
      new RegExp(
        `not signed in to http://127\\.0\\.0\\.1:9 \\(signed in to ${stack.facade.origin}\\)`,
      ),
    );
  });

  it("signs out: the session ends and its upstream access token is invalidated", async () => {
    const { facade } = await stored();
    const invalidations = async () =>
      (await stack.adsApi.requests.counts()).byEndpoint["oauth.invalidate_token"] ?? 0;
    const invalidationsBefore = await invalidations();
    const result = await cli(["logout"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(
      `Signed out of ${stack.facade.origin}: the session and its ads API access token are invalidated.`,
    );
    expect(await invalidations()).toBe(invalidationsBefore + 1);
    // Forgotten locally (nothing else was stored: the file is gone) ...
    await expect(stat(credentialsFile())).rejects.toMatchObject({ code: "ENOENT" });
    // ... and refused by the facade.
    const refused = await fetch(`${stack.facade.origin}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${facade.sessionToken}`,
      },
      body: JSON.stringify({ query: "{ viewer { userId } }" }),
    });
    const body = (await refused.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("says how to sign in when signed out, with exit 3", async () => {
    expectOneLineError(await cli(["whoami"]), 3, /not signed in: run `adsgraph login`/);
    expectOneLineError(
      await cli(["query", "{ health }"]),
      3,
      /not signed in: run `adsgraph login`/,
    );
    expectOneLineError(await cli(["accounts"]), 3, /not signed in/);
    expectOneLineError(await cli(["logout"]), 3, /not signed in/);
  });

  it("says so when the facade no longer knows the stored session, with exit 3", async () => {
    const { writeFile, mkdir } = await import("node:fs/promises");
    const dir = path.join(scratch, "stale");
    await mkdir(dir, { mode: 0o700 });
    const stale = {
      version: 1,
      facade: {
        url: stack.facade.origin,
        sessionToken: "ags_not_a_session_of_this_facade",
        userId: DEMO.user.id,
        screenName: DEMO.user.screenName,
        expiresAt: "2099-01-01T00:00:00.000Z",
      },
    };
    await writeFile(path.join(dir, "credentials.json"), JSON.stringify(stale), { mode: 0o600 });
    const result = await runCli(["query", "{ viewer { userId } }"], { configDir: dir });
    expectOneLineError(result, 3, /the facade refused the session \(.+\): run `adsgraph login`/);
    expect(result.stderr).not.toContain("ags_not_a_session");
  });
});
