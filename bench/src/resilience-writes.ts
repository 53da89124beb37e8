import { globalId } from "@adsgraph/graphql/testing";
import { postGraphQL, type Exchange } from "./graphql.js";
import type { ResilienceServers } from "./resilience-servers.js";
import type { Facade } from "./servers.js";

const RESULT = `__typename
  ... on Error { code message }
  ... on UpstreamError { possiblyApplied }`;

const CREATE = `mutation Create($input: CreateCampaignInput!) {
  createCampaign(input: $input) { ${RESULT} ... on CreateCampaignPayload { campaign { id rawId } } }
}`;
const UPDATE = `mutation Update($input: UpdateCampaignInput!) {
  updateCampaign(input: $input) { ${RESULT} ... on UpdateCampaignPayload { campaign { rawId } } }
}`;
const DELETE = `mutation Delete($id: ID!) {
  deleteCampaign(input: { id: $id }) { ${RESULT} ... on DeleteCampaignPayload { campaign { rawId } } }
}`;

/**
 * applied: the payload came back. unknown: the facade said the change may have been applied
 * (the connection broke after the request was sent). refused: a typed failure that says
 * nothing was changed. error: no typed result (a GraphQL error or no answer at all).
 */
export type WriteOutcome = "applied" | "unknown" | "refused" | "error";

interface Result {
  outcome: WriteOutcome;
  /** The failure's code, for refused ones (UPSTREAM_ERROR, RATE_LIMITED, ...). */
  code?: string;
  /** Transient refusals that the bench sent again (a client may repeat what certainly failed). */
  resent: number;
  campaign?: { id: string; rawId: string };
}

interface Typed {
  __typename: string;
  code?: string;
  message?: string;
  possiblyApplied?: boolean;
  campaign?: { id: string; rawId: string };
}

function outcomeOf(exchange: Exchange, field: string): Omit<Result, "resent"> {
  if (exchange.kind !== "answer" || exchange.errors.length > 0) return { outcome: "error" };
  const result = (exchange.data as Record<string, Typed | undefined> | null)?.[field];
  if (result === undefined) return { outcome: "error" };
  if (result.__typename.endsWith("Payload")) {
    return { outcome: "applied", ...(result.campaign && { campaign: result.campaign }) };
  }
  // A write whose answer was lost after it was sent (the facade never repeats it).
  if (result.__typename === "UpstreamError" && result.possiblyApplied === true) {
    return { outcome: "unknown", code: result.code ?? "" };
  }
  return { outcome: "refused", code: result.code ?? result.__typename };
}

/** Refusals worth sending again: the service failed or was busy, nothing was changed. */
const TRANSIENT = new Set(["UPSTREAM_ERROR", "RATE_LIMITED"]);
const MAX_RESENDS = 3;

async function write(
  facade: Facade,
  document: string,
  variables: Record<string, unknown>,
  field: string,
): Promise<Result> {
  for (let resent = 0; ; resent += 1) {
    const result = outcomeOf(await postGraphQL(facade, document, variables), field);
    const again =
      result.outcome === "refused" && TRANSIENT.has(result.code ?? "") && resent < MAX_RESENDS;
    if (!again) return { ...result, resent };
  }
}

async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) await run(items[index] as T);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

interface Tally {
  sent: number;
  applied: number;
  refused: number;
  unknown: number;
  error: number;
  resent: number;
  /** Reported applied, not in the database. */
  lost: number;
  /** More than one campaign for one create. */
  doubled: number;
  /** Reported refused (or errored), yet in the database. */
  refusedButApplied: number;
  /** Of the unknown outcomes, how many the database shows applied (the client could not know). */
  unknownApplied: number;
  refusedCodes: Record<string, number>;
}

const tally = (): Tally => ({
  sent: 0,
  applied: 0,
  refused: 0,
  unknown: 0,
  error: 0,
  resent: 0,
  lost: 0,
  doubled: 0,
  refusedButApplied: 0,
  unknownApplied: 0,
  refusedCodes: {},
});

function count(t: Tally, result: Result, inDatabase: boolean, copies = inDatabase ? 1 : 0) {
  t.sent += 1;
  t[result.outcome] += 1;
  t.resent += result.resent;
  if (result.outcome === "refused") {
    const code = result.code ?? "(none)";
    t.refusedCodes[code] = (t.refusedCodes[code] ?? 0) + 1;
  }
  if (result.outcome === "applied" && !inDatabase) t.lost += 1;
  if ((result.outcome === "refused" || result.outcome === "error") && inDatabase) {
    t.refusedButApplied += 1;
  }
  if (result.outcome === "unknown" && inDatabase) t.unknownApplied += 1;
  if (copies > 1) t.doubled += 1;
}

export interface WriteSummary {
  creates: Tally;
  updates: Tally;
  deletes: Tally;
  lost: number;
  doubled: number;
  refusedButApplied: number;
  unknown: number;
}

/**
 * Creates `total` campaigns with unique names through the faulty facade, updates every one
 * that was created, deletes every other one; an unknown outcome is never sent again. Then
 * reads ads-api's database (no faults) and counts what was lost, doubled or misreported.
 */
export async function runWrites(
  servers: ResilienceServers,
  accountId: string,
  total: number,
  concurrency: number,
  runId: string,
): Promise<WriteSummary> {
  const facade = servers.faulty;
  const names = Array.from({ length: total }, (_, index) => `resilience ${runId} ${index}`);
  const created = new Map<string, Result>();
  await inParallel(names, concurrency, async (name) => {
    const input = {
      accountId: globalId("Account", accountId),
      name,
      fundingInstrumentId: globalId(
        "FundingInstrument",
        servers.writeFundingInstrumentId,
        accountId,
      ),
      dailyBudget: "1000000",
      entityStatus: "PAUSED",
    };
    created.set(name, await write(facade, CREATE, { input }, "createCampaign"));
  });
  const known = names.flatMap((name, index) => {
    const campaign = created.get(name)?.campaign;
    return campaign === undefined ? [] : [{ name, index, campaign }];
  });
  const budgetOf = (index: number) => String((index + 2) * 1_000_000);
  const updated = new Map<string, Result>();
  await inParallel(known, concurrency, async ({ name, index, campaign }) => {
    const input = { id: campaign.id, dailyBudget: budgetOf(index) };
    updated.set(name, await write(facade, UPDATE, { input }, "updateCampaign"));
  });
  const deleted = new Map<string, Result>();
  await inParallel(
    known.filter(({ index }) => index % 2 === 0),
    concurrency,
    async ({ name, campaign }) => {
      deleted.set(name, await write(facade, DELETE, { id: campaign.id }, "deleteCampaign"));
    },
  );

  const rows = await servers.adsPrisma.campaign.findMany({
    where: { accountId },
    select: { id: true, name: true, dailyBudgetAmountLocalMicro: true, deleted: true },
  });
  const byName = new Map<string, typeof rows>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  const summary = { creates: tally(), updates: tally(), deletes: tally() };
  for (const name of names) {
    const copies = byName.get(name)?.length ?? 0;
    count(summary.creates, created.get(name) as Result, copies > 0, copies);
  }
  for (const { name, index } of known) {
    const row = byName.get(name)?.[0];
    const update = updated.get(name);
    if (update !== undefined) {
      count(summary.updates, update, String(row?.dailyBudgetAmountLocalMicro) === budgetOf(index));
    }
    const removal = deleted.get(name);
    if (removal !== undefined) count(summary.deletes, removal, row?.deleted === true);
  }
  const all = [summary.creates, summary.updates, summary.deletes];
  const sum = (key: "lost" | "doubled" | "refusedButApplied" | "unknown") =>
    all.reduce((total, t) => total + t[key], 0);
  return {
    ...summary,
    lost: sum("lost"),
    doubled: sum("doubled"),
    refusedButApplied: sum("refusedButApplied"),
    unknown: sum("unknown"),
  };
}
