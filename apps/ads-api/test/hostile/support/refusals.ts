import { Writable } from "node:stream";
import { errorBodySchema } from "@adsgraph/models";
import { expect } from "vitest";
import type { AppContext } from "../../../src/context.js";
import type { ApiResponse } from "../../support/signed-fetch.js";

/**
 * Every parameter an error answer names: `errors[].parameter`, and a batch's item errors as
 * `operations[<i>].<parameter>` (spec §7: item errors name the parameter within the item).
 */
export function namedParameters(response: ApiResponse): string[] {
  const body = errorBodySchema.parse(response.body);
  const named = body.errors.map((error) => error.parameter ?? "");
  (body.operation_errors ?? []).forEach((errors, index) => {
    for (const error of errors) named.push(`operations[${index}].${error.parameter ?? ""}`);
  });
  return named.filter((name) => name !== "");
}

/** What a case prints when it fails: the answer, cut short. */
export function answerOf(response: ApiResponse): string {
  return `${response.status} ${response.text.slice(0, 400)}`;
}

export interface Refusal {
  /** The status expected; default: any 4xx. */
  readonly status?: number;
  /**
   * A parameter at least one error must name (the rule is its code and message); an item or
   * field of it (`ids[0]`, `destination.url`) counts.
   */
  readonly parameter?: string;
  /** An error code at least one error must carry. */
  readonly code?: number | string;
}

/**
 * A clear client error: the status, a spec §7 error body whose every entry has a code and a
 * message, and (where a parameter is at fault) an entry naming it. Never a 5xx.
 */
export function expectRefused(response: ApiResponse, refusal: Refusal = {}): void {
  const answer = answerOf(response);
  if (refusal.status === undefined) {
    expect(response.status, answer).toBeGreaterThanOrEqual(400);
    expect(response.status, answer).toBeLessThan(500);
  } else {
    expect(response.status, answer).toBe(refusal.status);
  }
  const body = errorBodySchema.safeParse(response.body);
  expect(body.success, `not a spec §7 error body: ${answer}`).toBe(true);
  if (!body.success) return;
  const entries = [...body.data.errors, ...(body.data.operation_errors ?? []).flat()];
  expect(entries.length, answer).toBeGreaterThan(0);
  for (const entry of entries) expect(entry.message, answer).not.toBe("");
  if (refusal.parameter !== undefined) {
    const wanted = refusal.parameter;
    // A list parameter's error may name the item at fault (`account_ids[0]`).
    const named = namedParameters(response).filter(
      (name) => name === wanted || name.startsWith(`${wanted}[`) || name.startsWith(`${wanted}.`),
    );
    expect(named.length, `no error names ${wanted}: ${answer}`).toBeGreaterThan(0);
  }
  if (refusal.code !== undefined) {
    expect(
      entries.map((entry) => entry.code),
      answer,
    ).toContain(refusal.code);
  }
}

/** Every host role answers /health: no request above took the server down. */
export async function expectHealthy(urls: Readonly<Record<string, string>>): Promise<void> {
  for (const url of Object.values(urls)) {
    const response = await fetch(`${url}/health`);
    expect(response.status).toBe(200);
  }
}

/**
 * What the accounts hold, rows and all (writes leave `updated_at` behind, so a changed row
 * changes this), and the posts of the post-data API: compared before and after a group of
 * hostile writes.
 */
export async function stateDigest(ctx: AppContext, accountIds: readonly string[]): Promise<string> {
  const where = { accountId: { in: [...accountIds] } };
  const order = { orderBy: { id: "asc" as const } };
  const parts: unknown[] = await Promise.all([
    ctx.prisma.account.count(),
    ctx.prisma.account.findMany({ where: { id: { in: [...accountIds] } }, ...order }),
    ctx.prisma.accountGrant.findMany({ where, orderBy: { userId: "asc" } }),
    ctx.prisma.taxSettings.findMany({ where, orderBy: { accountId: "asc" } }),
    ctx.prisma.userSettings.findMany({ where, orderBy: { userId: "asc" } }),
    ctx.prisma.historyEntry.count({ where }),
    ctx.prisma.fundingInstrument.findMany({ where, ...order }),
    ctx.prisma.campaign.findMany({ where, ...order }),
    ctx.prisma.mediaLibraryObject.findMany({ where, orderBy: { mediaKey: "asc" } }),
    ctx.prisma.accountMedia.findMany({ where, ...order }),
    ctx.prisma.card.findMany({ where, ...order }),
    ctx.prisma.lineItemCuratedCategory.findMany({ where, ...order }),
    ctx.prisma.mediaCreative.findMany({ where, ...order }),
    ctx.prisma.promotedAccount.findMany({ where, ...order }),
    ctx.prisma.trackingTag.findMany({ where, ...order }),
    ctx.prisma.post.findMany({ where, ...order }),
    // spec §4.8 audiences (issue 17): the owner's audiences and grants, targeting criteria,
    // and grants to these accounts (audience members are the users batch's).
    ctx.prisma.customAudience.findMany({ where, ...order }),
    ctx.prisma.audiencePermission.findMany({
      where: { OR: [where, { grantedAccountId: { in: [...accountIds] } }] },
      ...order,
    }),
    ctx.prisma.targetingCriterion.findMany({ where, ...order }),
    // spec §4.9: posts of the post-data API belong to no account; users' premium gates edits.
    ctx.prisma.post.findMany({ where: { accountId: null }, ...order }),
    ctx.prisma.user.findMany({ select: { id: true, premium: true }, ...order }),
  ]);
  // spec §4.8 (issue 17): the accounts' audiences, their members, do-not-reach lists and entries.
  const audiences = await ctx.prisma.customAudience.findMany({ where, ...order });
  const lists = await ctx.prisma.doNotReachList.findMany({ where, ...order });
  parts.push(
    audiences,
    await ctx.prisma.audienceMember.findMany({
      where: { audienceId: { in: audiences.map((audience) => audience.id) } },
      orderBy: [{ audienceId: "asc" }, { kind: "asc" }, { value: "asc" }],
    }),
    lists,
    await ctx.prisma.doNotReachMember.findMany({
      where: { listId: { in: lists.map((list) => list.id) } },
      orderBy: [{ listId: "asc" }, { emailHash: "asc" }],
    }),
  );
  return JSON.stringify(parts, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

/** A log sink for a server under test: every line it writes, kept for the log checks. */
export function logCollector(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    }),
    text: () => lines.join(""),
  };
}

function sample(lines: readonly string[]): string {
  return lines
    .slice(0, 3)
    .map((line) => line.slice(0, 500))
    .join("\n");
}

/**
 * The logs of a run of hostile requests: no stack trace (pino writes one as `"stack"`, with
 * `\n    at` frames), no 500 answer logged, and none of the given secrets.
 */
export function expectCleanLogs(text: string, secrets: readonly string[]): void {
  expect(text.length, "the server logged nothing: is the log level right?").toBeGreaterThan(0);
  const lines = text.split("\n");
  const stacks = lines.filter((line) => line.includes('"stack"') || line.includes("\\n    at "));
  expect(stacks.length, `stack traces in the logs, e.g.\n${sample(stacks)}`).toBe(0);
  // 501 is the answer for an endpoint not built yet; a 500 is always a fault.
  const failures = lines.filter((line) => line.includes('"statusCode":500'));
  expect(failures.length, `500s in the logs, e.g.\n${sample(failures)}`).toBe(0);
  for (const secret of secrets) {
    if (secret !== "") expect(text.includes(secret), "a credential reached the logs").toBe(false);
  }
}
