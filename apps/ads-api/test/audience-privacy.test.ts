import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, digests, sha256 } from "./support/audience-rows.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";
import { expectCleanLogs, logCollector } from "./hostile/support/refusals.js";

// spec §4.8: identifiers other than partner_user_id are uploaded hashed. A client that sends
// them in clear is refused by name; the clear text must then be nowhere the service keeps or
// says anything: not in a row of any table, not in a log line, not in any answer.

const EMAILS = ["grace.hopper@example.com", "Ada.Lovelace@Example.org", "alan@turing.example"];
const PHONES = ["+1 415 555 0123", "+44 20 7946 0958", "415-555-0199"];
/** A phone number sent as a JSON number; its digits must not come back either. */
const PHONE_DIGITS = 19998887766;
const CLEAR = [...EMAILS, ...PHONES, String(PHONE_DIGITS)];
const LATER = () => new Date(Date.now() + 90 * 24 * 3_600_000).toISOString().slice(0, 19) + "Z";

describe.each(HTTP_TEST_ENGINES)("clear-text identifiers on %s (spec §4.8)", (engine) => {
  let server: TestServer;
  const logs = logCollector();
  const answers: ApiResponse[] = [];
  let admin: Actor;
  let accountId: string;
  let audienceId: string;
  let listId: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { logLevel: "info", logStream: logs.stream });
    admin = await createActor(server.ctx);
    ({ accountId } = await createAccountFor(server.ctx, admin.userId));
    audienceId = await addAudience(server.ctx, accountId);
    const list = await admin.client.post(`/12/accounts/${accountId}/do_not_reach_lists`, {
      query: { description: "Opted out" },
    });
    listId = (list.body as { data: { id: string } }).data.id;
  });
  afterAll(() => server.close());

  const audienceUsers = async (operations: unknown) => {
    const response = await admin.client.post(
      `/12/accounts/${accountId}/custom_audiences/${audienceId}/users`,
      { json: operations },
    );
    answers.push(response);
    return response;
  };
  const listUsers = async (operations: unknown) => {
    const response = await admin.client.post(
      `/12/batch/accounts/${accountId}/do_not_reach_lists/${listId}/users`,
      { json: operations },
    );
    answers.push(response);
    return response;
  };

  it("refuses clear text wherever it is put, naming the place", async () => {
    const [grace = "", ada = "", alan = ""] = EMAILS;
    const [us = "", uk = "", dashed = ""] = PHONES;
    const hashed = sha256(grace);
    const refusals: [unknown, string][] = [
      [
        [{ operation_type: "Update", params: { users: [{ email: [grace] }] } }],
        "operations[0].params.users[0].email[0]",
      ],
      [
        [
          { operation_type: "Update", params: { users: [{ email: [hashed] }] } },
          {
            operation_type: "Delete",
            params: { users: [{ email: [hashed, ada], phone_number: us }] },
          },
        ],
        "operations[1].params.users[0].email[1]",
      ],
      [
        [{ operation_type: "Update", params: { users: [{ phone_number: [uk, dashed] }] } }],
        "operations[0].params.users[0].phone_number[0]",
      ],
      [
        [{ operation_type: "Update", params: { users: [{ phone_number: [PHONE_DIGITS] }] } }],
        "operations[0].params.users[0].phone_number[0]",
      ],
      [[{ operation_type: "Update", params: { users: [alan] } }], "operations[0].params.users[0]"],
      [
        [{ operation_type: "Update", params: { users: [{ handle: alan, device_id: [us] }] } }],
        "operations[0].params.users[0].handle",
      ],
      [
        [{ operation_type: grace, params: { users: [{ email: [hashed] }] } }],
        "operations[0].operation_type",
      ],
      [
        [{ operation_type: "Update", params: { users: [{ email: [hashed] }], effective_at: ada } }],
        "operations[0].params.effective_at",
      ],
      [ada, "operations"],
    ];
    for (const [operations, parameter] of refusals) {
      const response = await audienceUsers(operations);
      expect(response.status, response.text).toBe(400);
      expect(response.text).toContain(parameter);
    }
    const listRefusals: [unknown, string][] = [
      [
        [
          {
            operation_type: "Update",
            params: { users: [{ email: [grace] }], expires_at: LATER() },
          },
        ],
        "operations[0].params.users[0].email[0]",
      ],
      [
        [{ operation_type: "Update", params: { users: [{ email: ada }], expires_at: LATER() } }],
        "operations[0].params.users[0].email",
      ],
      [
        [{ operation_type: "Delete", params: { users: [{ phone_number: [us] }] } }],
        "operations[0].params.users[0].phone_number",
      ],
    ];
    for (const [operations, parameter] of listRefusals) {
      const response = await listUsers(operations);
      expect(response.status, response.text).toBe(400);
      expect(response.text).toContain(parameter);
    }
    // Far past the body limit, clear text and all: refused before it is read.
    const huge = [
      {
        operation_type: "Update",
        params: { users: [{ email: Array.from({ length: 250_000 }, () => grace) }] },
      },
    ];
    const tooLarge = await audienceUsers(huge);
    expect(tooLarge.status).toBe(413);
    expect(await server.ctx.prisma.audienceMember.count()).toBe(0);
    expect(await server.ctx.prisma.doNotReachMember.count()).toBe(0);
  });

  it("accepts the same identifiers hashed", async () => {
    const users = [
      { email: EMAILS.map(sha256), phone_number: PHONES.map(sha256) },
      { partner_user_id: ["crm-7"], device_id: digests(2, "device") },
    ];
    const accepted = await audienceUsers([{ operation_type: "Update", params: { users } }]);
    expect(accepted.status, accepted.text).toBe(200);
    const listed = await listUsers([
      {
        operation_type: "Update",
        params: { users: [{ email: EMAILS.map(sha256) }], expires_at: LATER() },
      },
    ]);
    expect(listed.status, listed.text).toBe(200);
    answers.push(await admin.client.get(`/12/accounts/${accountId}/do_not_reach_lists`));
  });

  it("keeps the clear text out of every table, every log line and every answer", async () => {
    const tables = await server.ctx.prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name::text AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["audience_member", "do_not_reach_member", "custom_audience"]),
    );
    const rows = await Promise.all(
      tables.map((table) =>
        server.ctx.prisma.$queryRawUnsafe<{ row: string }[]>(
          `SELECT row_to_json(t)::text AS row FROM "${table.name}" t`,
        ),
      ),
    );
    const database = rows
      .flat()
      .map((row) => row.row)
      .join("\n");
    // The scan reads real rows: the digests are there.
    for (const email of EMAILS) expect(database).toContain(sha256(email));
    const logText = logs.text();
    expect(logText).toContain("/custom_audiences/");
    expect(logText).toContain("do_not_reach_lists");
    expectCleanLogs(logText, []);
    const places = {
      database,
      logs: logText,
      answers: answers.map((answer) => answer.text).join("\n"),
    };
    const found = CLEAR.flatMap((value) =>
      Object.entries(places)
        .filter(([, text]) => text.toLowerCase().includes(value.toLowerCase()))
        .map(([place]) => `${place} holds ${value}`),
    );
    expect(found).toEqual([]);
    expect(answers.length).toBeGreaterThan(10);
  });
});
