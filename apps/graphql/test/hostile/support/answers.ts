import { DEMO } from "@adsgraph/ads-api";
import type { RunningServer } from "@adsgraph/ads-api";
import { expect } from "vitest";
import type { GraphQLAnswer } from "./hostile-stack.js";

/** Codes that say the server failed, not the input: never the answer to bad input. */
const SERVER_FAULTS = new Set(["INTERNAL_SERVER_ERROR", "UPSTREAM_ERROR"]);

/** Typed failures a mutation's result union may answer bad input with. */
const REFUSALS = new Set(["ValidationError", "NotFoundError", "ForbiddenError"]);

function describeAnswer(answer: GraphQLAnswer): string {
  return `${answer.status} ${answer.text.slice(0, 500)}`;
}

/** Every GraphQL error is typed (`extensions.code`), none is a server fault, none has a stack. */
function expectTypedErrors(answer: GraphQLAnswer): void {
  const text = describeAnswer(answer);
  for (const error of answer.body.errors ?? []) {
    const code = error.extensions?.code;
    expect(typeof code, text).toBe("string");
    expect(SERVER_FAULTS.has(String(code)), text).toBe(false);
    expect(error.extensions ?? {}, text).not.toHaveProperty("stacktrace");
    expect(error.message, text).not.toMatch(/\n\s+at /);
  }
}

/** Input that may be answered (an ordinary unknown id): never a 5xx, only typed errors. */
export function expectNoFault(answer: GraphQLAnswer): void {
  expect(answer.status, describeAnswer(answer)).toBeLessThan(500);
  expectTypedErrors(answer);
}

/**
 * Bad input to a query or a request body: a 4xx, or a 200 whose errors are typed; never a 5xx,
 * never data for the bad input.
 */
export function expectQueryRefused(answer: GraphQLAnswer): void {
  const text = describeAnswer(answer);
  expect(answer.status, text).toBeLessThan(500);
  if (answer.status === 200) {
    expect(answer.body.errors?.length ?? 0, `served bad input: ${text}`).toBeGreaterThan(0);
  } else {
    expect(answer.status, text).toBeGreaterThanOrEqual(400);
  }
  expectTypedErrors(answer);
}

/**
 * Bad input to a mutation: its result union's ValidationError, NotFoundError or ForbiddenError,
 * or a typed request error (a variable the schema refuses); never a payload or UpstreamError.
 */
export function expectMutationRefused(answer: GraphQLAnswer): void {
  const text = describeAnswer(answer);
  expect(answer.status, text).toBeLessThan(500);
  expectTypedErrors(answer);
  const results = Object.values(answer.body.data ?? {}) as ({ __typename?: string } | null)[];
  const typed = results.filter((result) => result !== null);
  if (typed.length === 0) {
    expect(
      answer.body.errors?.length ?? 0,
      `neither a result nor an error: ${text}`,
    ).toBeGreaterThan(0);
    return;
  }
  for (const result of typed) expect(REFUSALS.has(result.__typename ?? ""), text).toBe(true);
}

/** What ads-api holds for the demo user's accounts: compared before and after the hostile run. */
export async function upstreamDigest(adsApi: Pick<RunningServer, "ctx">): Promise<string> {
  const prisma = adsApi.ctx.prisma;
  const accountIds = DEMO.accounts.map((account) => account.id);
  const where = { accountId: { in: accountIds } };
  const parts = await Promise.all([
    prisma.account.findMany({ orderBy: { id: "asc" } }),
    prisma.campaign.findMany({ where, orderBy: { id: "asc" } }),
    prisma.fundingInstrument.findMany({ where, orderBy: { id: "asc" } }),
    prisma.card.findMany({ where, orderBy: { id: "asc" } }),
    prisma.accountMedia.findMany({ where, orderBy: { id: "asc" } }),
    prisma.mediaLibraryObject.findMany({ where, orderBy: { mediaKey: "asc" } }),
  ]);
  return JSON.stringify(parts, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

function sample(lines: readonly string[]): string {
  return lines
    .slice(0, 3)
    .map((line) => line.slice(0, 500))
    .join("\n");
}

/** A server's logs of a hostile run: no stack trace, no 500, none of the secrets. */
export function expectCleanLogs(text: string, secrets: readonly string[]): void {
  expect(text.length, "the server logged nothing: is the log level right?").toBeGreaterThan(0);
  const lines = text.split("\n");
  const stacks = lines.filter((line) => line.includes('"stack"') || line.includes("\\n    at "));
  expect(stacks.length, `stack traces in the logs, e.g.\n${sample(stacks)}`).toBe(0);
  const failures = lines.filter((line) => line.includes('"statusCode":500'));
  expect(failures.length, `500s in the logs, e.g.\n${sample(failures)}`).toBe(0);
  for (const secret of secrets) {
    if (secret !== "") expect(text.includes(secret), "a credential reached the logs").toBe(false);
  }
}
