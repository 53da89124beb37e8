import { PassThrough } from "node:stream";
import { DEMO } from "@adsgraph/ads-api";
import { formatTimestamp } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalId, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// Issue 17: people's identifiers given in clear to the users mutations are hashed in the
// facade and kept nowhere: not in its database (every table: sessions, snapshots, ...), not in
// its logs (at the most verbose level), not in any GraphQL answer, on success or failure. As
// sign-in.test.ts scans for credentials.

const A = DEMO.accounts[0].id;
const OTHER = DEMO.otherBusinessAccount.id;
const audience = (id: string) => Buffer.from(`CustomAudience:${A}/${id}`).toString("base64");

/** Each person's identifiers as given, and the forms normalising makes of them. */
const CLEAR = {
  emails: ["Privacy.Person@Example.com", "second.person@example.org"],
  phones: ["+44 7700 900456", "07700 900789"],
  handles: ["@privacy_handle"],
  deviceIds: ["AEBE52E7-03EE-455A-B3C4-E57283966239"],
  dnrEmails: ["Do.Not.Reach@Example.net"],
};
const SECRETS = [
  ...CLEAR.emails,
  ...CLEAR.emails.map((e) => e.toLowerCase()),
  ...CLEAR.phones,
  "447700900456",
  "7700900456",
  "447700900789",
  "7700900789",
  "privacy_handle",
  ...CLEAR.deviceIds,
  ...CLEAR.deviceIds.map((d) => d.toLowerCase()),
  ...CLEAR.dnrEmails,
  ...CLEAR.dnrEmails.map((e) => e.toLowerCase()),
];

const ERROR =
  "__typename ... on Error { code message } ... on ValidationError { violations { field message } }";

describe.each(HTTP_TEST_ENGINES)("audience users' identifiers on %s", (engine) => {
  let stack: Stack;
  const logs = new PassThrough();
  let logText = "";
  logs.on("data", (chunk: Buffer) => (logText += chunk.toString("utf8")));
  const answers: string[] = [];
  const ask = async (query: string, variables?: Record<string, unknown>) => {
    const body = await stack.query(query, variables);
    answers.push(JSON.stringify(body));
    return body;
  };

  beforeAll(async () => {
    stack = await startStack({
      engine,
      measureUpstream: true,
      facade: { env: { LOG_LEVEL: "trace" }, logStream: logs },
    });
  });
  afterAll(() => stack.close());

  it("hashes them before sending and keeps them nowhere", async () => {
    const users = [
      { email: [CLEAR.emails[0]], phoneNumber: [CLEAR.phones[0]], handle: CLEAR.handles },
      { email: [CLEAR.emails[1]], phoneNumber: [CLEAR.phones[1]], deviceId: CLEAR.deviceIds },
    ];
    const add = `mutation ($id: ID!, $users: [AudienceUserInput!]!) { addCustomAudienceUsers(input: {
      customAudienceId: $id, users: $users, defaultCountryCode: "44" }) { ${ERROR}
      ... on CustomAudienceUsersPayload { usersSent customAudience { rawId name processing audienceSize } } } }`;
    const added = await ask(add, { id: audience(`${A}ca1`), users });
    expect(added.data).toMatchObject({
      addCustomAudienceUsers: { usersSent: 2, customAudience: { processing: true } },
    });
    // Failures too: an audience that does not exist (refused upstream), and a batch with one
    // unusable value among clear ones (refused here).
    const missing = await ask(add, { id: audience("nosuchaud"), users });
    expect(missing.data).toMatchObject({ addCustomAudienceUsers: { __typename: "NotFoundError" } });
    const refused = await ask(add, {
      id: audience(`${A}ca1`),
      users: [...users, { email: ["not-an-address"] }],
    });
    expect(refused.data).toMatchObject({
      addCustomAudienceUsers: { __typename: "ValidationError" },
    });
    // Values of the wrong type: graphql-js would repeat them in its message (src/echoed-values.ts).
    const wrongType = await ask(add, {
      id: audience(`${A}ca1`),
      users: [{ phoneNumber: [447700900456] }, { email: { address: CLEAR.emails[0] } }],
    });
    expect(wrongType.errors?.map((e) => e.message)).toEqual([
      'Variable "$users" got an invalid value at "users[0].phoneNumber[0]": String cannot represent a non string value.',
      'Variable "$users" got an invalid value at "users[1].email": String cannot represent a non string value.',
    ]);
    const literal = await ask(
      `mutation { addCustomAudienceUsers(input: { customAudienceId: "${audience(`${A}ca1`)}",
        users: [{ phoneNumber: [447700900456] }] }) { __typename } }`,
    );
    expect(literal.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    await ask(
      `mutation ($id: ID!, $users: [AudienceUserInput!]!) { removeCustomAudienceUsers(input: {
        customAudienceId: $id, users: $users, defaultCountryCode: "44" }) { ${ERROR} } }`,
      { id: audience(`${A}ca1`), users: users.slice(1) },
    );
    await ask(
      `mutation { createDoNotReachList(input: { accountId: "${globalId("Account", OTHER)}" }) { ${ERROR} } }`,
    );
    const dnr = await ask(
      `mutation ($emails: [String!]!, $expires: DateTime!) { addDoNotReachUsers(input: {
        accountId: "${globalId("Account", OTHER)}", emails: $emails, expiresAt: $expires }) { ${ERROR}
        ... on DoNotReachUsersPayload { usersSent doNotReachList { userCount } } } }`,
      {
        emails: CLEAR.dnrEmails,
        expires: formatTimestamp(new Date(Date.now() + 7 * 86_400_000)),
      },
    );
    expect(dnr.data).toMatchObject({ addDoNotReachUsers: { usersSent: 1 } });
    await ask(`{ account(rawId: "${A}") { customAudiences(first: 10) { edges { node {
      rawId name audienceSize processing } } } doNotReachList { rawId } } }`);

    await stack.facade.services.snapshots.writer.flush();
    const tables = await stack.facade.db.prisma.$queryRawUnsafe<{ table_name: string }[]>(
      `SELECT table_name::text AS table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const rows = await Promise.all(
      tables.map(({ table_name: table }) =>
        stack.facade.db.prisma.$queryRawUnsafe<{ row: string }[]>(
          `SELECT row_to_json(t)::text AS row FROM "${table.replaceAll('"', '""')}" t`,
        ),
      ),
    );
    const database = rows
      .flat()
      .map((r) => r.row)
      .join("\n");
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(["session", "snapshot"]),
    );
    expect(database).toContain("Newsletter subscribers"); // the scan reads real snapshots
    expect(logText).toContain('"url":"/graphql"'); // and real log lines
    const places = { database, logs: logText, answers: answers.join("\n") };
    const found = SECRETS.flatMap((secret) =>
      Object.entries(places)
        .filter(([, text]) => text.toLowerCase().includes(secret.toLowerCase()))
        .map(([place]) => `${place} holds ${secret.slice(0, 3)}…`),
    );
    expect(found).toEqual([]);
  });
});
