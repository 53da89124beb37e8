import {
  createSecretBox,
  createTestTarget,
  generateKeyText,
  parseKeyring,
  TEST_ENGINES,
  type TestTarget,
} from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/database.js";
import { createLoginAttempts } from "../src/sessions/login-attempts.js";
import { createSessionStore, type SessionStore } from "../src/sessions/session-store.js";

const credentials = {
  userId: "1397727542898307072",
  screenName: "demo",
  accessToken: "1397727542898307072-accesstokenvalue",
  accessTokenSecret: "access-token-secret-value",
};

describe.each(TEST_ENGINES)("sessions on %s", (engine) => {
  let testTarget: TestTarget;
  let db: Database;
  let clock = new Date("2026-11-21T12:00:00Z");
  const box = createSecretBox(parseKeyring(generateKeyText()));

  beforeAll(async () => {
    testTarget = await createTestTarget(engine, "sessions");
    db = await openDatabase(testTarget.target);
  });
  afterAll(async () => {
    await db.close();
    await testTarget.drop();
  });

  it("resolves a session by its token, and keeps neither the token nor the secrets in clear", async () => {
    const store = createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock });
    const { token, session } = await store.create(credentials);

    expect(await store.resolve(token)).toEqual({
      ...credentials,
      id: session.id,
      expiresAt: session.expiresAt,
    });
    const rows = JSON.stringify(await db.prisma.session.findMany());
    for (const secret of [token, credentials.accessToken, credentials.accessTokenSecret]) {
      expect(rows).not.toContain(secret);
    }
  });

  it("refuses unknown, expired and revoked sessions", async () => {
    const store = createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock });
    const first = await store.create(credentials);
    const second = await store.create(credentials);

    expect(await store.resolve("ags_unknown")).toBeNull();
    expect(await store.resolve("not-a-session-token")).toBeNull();
    await store.revoke(first.session.id, "logout");
    expect(await store.resolve(first.token)).toBeNull();
    expect(await store.resolve(second.token)).not.toBeNull();
    clock = new Date(clock.getTime() + 60_000);
    expect(await store.resolve(second.token)).toBeNull();
  });

  it("with its cache: refuses a session revoked here on the very next lookup", async () => {
    const store = createSessionStore({
      prisma: db.prisma,
      box,
      ttlMs: 60_000,
      cacheMs: 30_000,
      now: () => clock,
    });
    const { token, session } = await store.create(credentials);
    expect(await store.resolve(token)).not.toBeNull(); // now cached
    await store.revoke(session.id, "logout");
    expect(await store.resolve(token)).toBeNull();
    expect(await store.resolve(token)).toBeNull();
  });

  it("with its cache: a revocation by another replica applies once the cache time has passed", async () => {
    const store = createSessionStore({
      prisma: db.prisma,
      box,
      ttlMs: 600_000,
      cacheMs: 5_000,
      now: () => clock,
    });
    const other = createSessionStore({ prisma: db.prisma, box, ttlMs: 600_000, now: () => clock });
    const { token, session } = await store.create(credentials);
    expect(await store.resolve(token)).not.toBeNull();
    await other.revoke(session.id, "signed out on another replica");
    // The documented bound: this process may still accept it for SESSION_CACHE_SECONDS.
    expect(await store.resolve(token)).not.toBeNull();
    clock = new Date(clock.getTime() + 5_000);
    expect(await store.resolve(token)).toBeNull();
  });

  it("with its cache: never serves a session past its own end", async () => {
    const store = createSessionStore({
      prisma: db.prisma,
      box,
      ttlMs: 1_000,
      cacheMs: 60_000,
      now: () => clock,
    });
    const { token } = await store.create(credentials);
    expect(await store.resolve(token)).not.toBeNull();
    clock = new Date(clock.getTime() + 1_000);
    expect(await store.resolve(token)).toBeNull();
  });

  /** Counts the upstream invalidations `end` asks for, each after a turn (a wider race window). */
  function invalidations() {
    const tokens: string[] = [];
    return {
      tokens,
      invalidate: async ({ accessToken }: { accessToken: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        tokens.push(accessToken);
      },
    };
  }

  it("invalidates the upstream token only when its last live holder ends", async () => {
    const store = createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock });
    const browser = await store.create(credentials);
    const api = await store.share(browser.session.id);
    expect(api?.session.accessToken).toBe(credentials.accessToken);
    const { tokens, invalidate } = invalidations();

    expect(await store.end(browser.session.id, "logout", invalidate)).toEqual({
      ended: true,
      upstreamInvalidated: false,
    });
    expect(await store.resolve(browser.token)).toBeNull();
    expect(await store.resolve(api?.token ?? "")).not.toBeNull();
    expect(await store.share(browser.session.id)).toBeNull(); // an ended session shares nothing
    expect(tokens).toEqual([]);

    expect(await store.end(api?.session.id ?? "", "logout", invalidate)).toEqual({
      ended: true,
      upstreamInvalidated: true,
    });
    expect(tokens).toEqual([credentials.accessToken]);
    expect(await store.end(api?.session.id ?? "", "logout", invalidate)).toEqual({
      ended: false,
      upstreamInvalidated: false,
    });
    expect(tokens).toHaveLength(1);
    // The holders are counted by a digest: the token is in no column in clear.
    expect(JSON.stringify(await db.prisma.session.findMany())).not.toContain(
      credentials.accessToken,
    );
  });

  it("ends nothing when the upstream invalidation fails", async () => {
    const store = createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock });
    const { token, session } = await store.create(credentials);
    await expect(
      store.end(session.id, "logout", () => Promise.reject(new Error("ads-api is away"))),
    ).rejects.toThrow("ads-api is away");
    expect(await store.resolve(token)).not.toBeNull();
  });

  it("two holders ending at once on two replicas invalidate the token exactly once", async () => {
    const replicas = [0, 1].map(() =>
      createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock }),
    );
    const [one, two] = replicas as [SessionStore, SessionStore];
    for (let run = 0; run < 6; run += 1) {
      const own = { ...credentials, accessToken: `${credentials.accessToken}-${run}` };
      const first = await one.create(own);
      const second = await two.share(first.session.id);
      const { tokens, invalidate } = invalidations();
      const ended = await Promise.all([
        one.end(first.session.id, "logout", invalidate),
        two.end(second?.session.id ?? "", "logout", invalidate),
      ]);
      expect(ended.map((outcome) => outcome.ended)).toEqual([true, true]);
      expect(ended.filter((outcome) => outcome.upstreamInvalidated)).toHaveLength(1);
      expect(tokens).toEqual([own.accessToken]);
    }
  });

  it("a token is never shared by a session whose last holder is ending", async () => {
    const replicas = [0, 1].map(() =>
      createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock }),
    );
    const [one, two] = replicas as [SessionStore, SessionStore];
    for (let run = 0; run < 6; run += 1) {
      const own = { ...credentials, accessToken: `${credentials.accessToken}-share-${run}` };
      const first = await one.create(own);
      const { tokens, invalidate } = invalidations();
      const [shared, ended] = await Promise.all([
        two.share(first.session.id),
        one.end(first.session.id, "logout", invalidate),
      ]);
      expect(ended.ended).toBe(true);
      if (shared === null) {
        // The end came first: the token died with its last holder.
        expect(tokens).toEqual([own.accessToken]);
      } else {
        // The share came first: its session holds the token, which lives on.
        expect(tokens).toEqual([]);
        expect(await two.resolve(shared.token)).not.toBeNull();
      }
    }
  });

  it("counts sessions from before the token digest was kept", async () => {
    const store = createSessionStore({ prisma: db.prisma, box, ttlMs: 60_000, now: () => clock });
    const own = { ...credentials, accessToken: `${credentials.accessToken}-legacy` };
    const first = await store.create(own);
    const second = await store.share(first.session.id);
    await db.prisma.session.updateMany({
      where: { id: { in: [first.session.id, second?.session.id ?? ""] } },
      data: { upstreamTokenDigest: null },
    });
    const { tokens, invalidate } = invalidations();
    expect((await store.end(first.session.id, "logout", invalidate)).upstreamInvalidated).toBe(
      false,
    );
    expect(
      (await store.end(second?.session.id ?? "", "logout", invalidate)).upstreamInvalidated,
    ).toBe(true);
    expect(tokens).toEqual([own.accessToken]);
  });

  it("hands out a request token's secret once, and only to the browser that asked", async () => {
    const attempts = createLoginAttempts({
      prisma: db.prisma,
      box,
      ttlMs: 60_000,
      now: () => clock,
    });
    await attempts.begin({
      requestToken: "rt-1",
      requestTokenSecret: "rts-1",
      browserBinding: "browser-a",
    });
    await attempts.begin({
      requestToken: "rt-2",
      requestTokenSecret: "rts-2",
      browserBinding: null,
    });

    expect(await attempts.take("rt-1", "browser-b")).toBeNull();
    expect(await attempts.take("rt-1", "browser-a")).toBeNull(); // spent by the failed try
    expect(await attempts.take("rt-2", null)).toBe("rts-2");
    expect(await attempts.take("rt-2", null)).toBeNull();
    expect(JSON.stringify(await db.prisma.loginAttempt.findMany())).not.toContain("rts-");
  });
});
