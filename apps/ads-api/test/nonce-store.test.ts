import { replayClientId } from "@adsgraph/oauth";
import { createTestTarget, TEST_ENGINES } from "@adsgraph/storage";
import type { TestTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNonceStore } from "../src/credentials/nonces.js";
import { openDatabase } from "../src/db/database.js";
import type { Database } from "../src/db/database.js";

const WINDOW = 300;

describe.each(TEST_ENGINES)("the durable nonce store on %s", (engine) => {
  let target: TestTarget;
  let db: Database;
  let nowMs = 1_900_000_000_000;
  const now = () => Math.floor(nowMs / 1000);
  const client = replayClientId("store-test", { token: "token" });

  beforeAll(async () => {
    target = await createTestTarget(engine, "noncestore");
    db = await openDatabase(target.target);
  });
  afterAll(async () => {
    await db.close();
    await target.drop();
  });

  it("answers new to exactly one of two stores given the same nonce at once", async () => {
    // Two stores over one database stand for two processes: the insert decides, not memory.
    const first = createNonceStore(db, { clock: () => nowMs });
    const second = createNonceStore(db, { clock: () => nowMs });
    await Promise.all([first.start(), second.start()]);
    const entry = { client, timestamp: now(), nonce: "concurrent" };
    const verdicts = await Promise.all([first.remember(entry), second.remember(entry)]);
    expect(verdicts.map((verdict) => verdict.status).sort()).toEqual(["new", "replayed"]);
    // A replay costs no place in the share.
    expect(await first.remember(entry)).toEqual({ status: "replayed" });
    await Promise.all([first.close(), second.close()]);
  });

  it("rebuilds the shares at start and deletes rows once they are a window old", async () => {
    const store = createNonceStore(db, {
      clock: () => nowMs,
      maxPerClient: 3,
      pruneIntervalMs: 1_000,
    });
    await store.start();
    const other = replayClientId("store-test", { token: "other" });
    for (const nonce of ["a", "b"]) {
      expect((await store.remember({ client: other, timestamp: now() - 100, nonce })).status).toBe(
        "new",
      );
    }
    await store.close();

    const reopened = createNonceStore(db, {
      clock: () => nowMs,
      maxPerClient: 3,
      pruneIntervalMs: 1_000,
    });
    await reopened.start();
    expect((await reopened.remember({ client: other, timestamp: now(), nonce: "c" })).status).toBe(
      "new",
    );
    expect(await reopened.remember({ client: other, timestamp: now(), nonce: "d" })).toEqual({
      status: "full",
      retryAfterSeconds: WINDOW - 100 + 1,
    });

    // The two older nonces expire; the next request frees their places and deletes their rows.
    nowMs += (WINDOW - 100 + 1) * 1000;
    expect((await reopened.remember({ client: other, timestamp: now(), nonce: "d" })).status).toBe(
      "new",
    );
    await reopened.close();
    const left = await db.prisma.oAuthNonce.findMany({ where: { clientId: other } });
    expect(left.map((row) => row.nonce).sort()).toEqual(["c", "d"]);
  });

  it("refuses a nonce older than the window without storing it", async () => {
    const store = createNonceStore(db, { clock: () => nowMs });
    const stale = { client, timestamp: now() - WINDOW - 1, nonce: "stale" };
    expect(await store.remember(stale)).toEqual({ status: "replayed" });
    expect(await db.prisma.oAuthNonce.count({ where: { nonce: "stale" } })).toBe(0);
    await store.close();
  });
});
