import { once } from "node:events";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, createUser } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import type { ResolvedAddress, StartedAdsApi } from "@adsgraph/ads-api/testing";
import { buildBasicAuthorization } from "@adsgraph/oauth";
import { crcResponse } from "@adsgraph/rest-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookReceiver } from "./support/webhook-receiver.js";

/**
 * Names the scripted resolver answers, as a DNS the attacker controls would. The server runs as
 * in production (no loopback host allowed) except for LOCAL, the stand-in for a public receiver:
 * its loopback addresses are allowed, so this machine's receivers play that part (a *.localhost
 * name: the catalog takes http:// for loopback hosts only).
 */
const LOCAL = "receiver.localhost";
const DNS: Record<string, string[]> = {
  [LOCAL]: ["127.0.0.1"],
  "private.hooks.example": ["10.0.0.1"],
  "metadata.hooks.example": ["169.254.169.254"],
  "mixed.hooks.example": ["93.184.216.34", "fd00::1"],
  // 0.0.0.0 reaches this machine's listeners (Linux): refused, or the request would arrive.
  "zero.hooks.example": ["0.0.0.0"],
};

async function scriptedResolve(hostname: string): Promise<readonly ResolvedAddress[]> {
  const addresses = DNS[hostname];
  if (addresses === undefined) throw new Error(`ENOTFOUND ${hostname}`);
  return Promise.resolve(
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
  );
}

/** A server counting every request, answering 200 (a target nothing may reach). */
async function countingServer(): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method ?? ""} ${request.url ?? ""}`);
    response.writeHead(200).end("{}");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port, hits };
}

describe("webhook URLs cannot reach inside (issue 34), against apps/ads-api on pglite", () => {
  let api: StartedAdsApi;
  let bearer = "";
  let consumerSecret = "";
  let target: Awaited<ReturnType<typeof countingServer>>;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    process.on("warning", onWarning);
    api = await startAdsApi({
      name: "webhookssrf",
      seed: "none",
      activityAdmin: true,
      webhookAllowHosts: [LOCAL],
      resolve: scriptedResolve,
      limits: { webhookRetryBaseMs: 20, webhookRetryMaxMs: 100, webhookPollMs: 50 },
    });
    const owner = await createUser(api.ctx.prisma, {
      screenName: "ssrfowner",
      password: "correct horse battery",
    });
    const app = await createApp(api.ctx.prisma, api.ctx.box, {
      name: "ssrf app",
      ownerId: owner.id,
      callbackUrls: [],
    });
    consumerSecret = app.consumerSecret;
    const token = await fetch(`${api.urls.base}/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: buildBasicAuthorization(app.consumerKey, app.consumerSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    bearer = ((await token.json()) as { access_token: string }).access_token;
    target = await countingServer();
  });
  afterAll(async () => {
    process.off("warning", onWarning);
    await Promise.allSettled(closers.map((close) => close()));
    target.server.closeAllConnections();
    target.server.close();
    await api.close();
  });

  async function send(method: string, path: string, json?: unknown) {
    const response = await fetch(`${api.urls.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const body = (await response.json()) as {
      data?: { id: string };
      errors?: { code: string; message: string; parameter?: string }[];
    };
    return { status: response.status, body, error: body.errors?.[0] };
  }

  async function bio(userId: string, text: string): Promise<string> {
    const response = await fetch(`${api.urls.base}/_admin/activity/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_type: "profile.update.bio", user_id: userId, bio: text }),
    });
    const body = (await response.json()) as { events: { id: string; forUserId: string }[] };
    const event = body.events.find((entry) => entry.forUserId === userId);
    if (event === undefined) throw new Error("the action stored no event for the user");
    return event.id;
  }

  it("refuses at registration every address class and spelling: 400 naming url, nothing sent", async () => {
    const port = target.port;
    const refused = [
      "https://169.254.169.254/latest/meta-data/",
      "https://2852039166/", // decimal
      "https://0251.0376.0251.0376/", // octal
      "https://0xa9fea9fe/", // hex
      "https://169.254.169.254./", // trailing dot
      "https://%31%36%39.254.169.254/", // percent-encoded
      "https://[::ffff:169.254.169.254]/", // IPv4-mapped
      "https://[::ffff:a9fe:a9fe]/",
      "https://[fd00:ec2::254]/",
      "https://10.0.0.1/hook",
      "https://10.1/hook", // short form
      "https://192.168.1.1/hook",
      "https://172.16.0.1/hook",
      "https://100.100.100.200/hook",
      "https://100.64.0.1/hook",
      "https://[fd00::1]/hook",
      "https://[fe80::1]/hook",
      "https://0.0.0.0/hook",
      "https://[::]/hook",
      "https://224.0.0.1/hook",
      "https://[64:ff9b::a9fe:a9fe]/hook", // NAT64
      "https://[2002:a9fe:a9fe::]/hook", // 6to4
      "https://metadata.google.internal/computeMetadata/v1/",
      // Loopback, refused without the development setting (this server lists none of these).
      `http://127.0.0.1:${port}/hook`,
      `http://127.1:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://app.localhost:${port}/hook`,
      // Names resolving inside (the catalog cannot know: ads-api resolves them).
      "https://private.hooks.example/hook",
      "https://metadata.hooks.example/hook",
      "https://mixed.hooks.example/hook",
      `https://zero.hooks.example:${port}/hook`,
    ];
    for (const url of refused) {
      const answer = await send("POST", "/2/webhooks", { url });
      expect(answer.status, url).toBe(400);
      expect(answer.error, url).toMatchObject({ code: "INVALID_PARAMETER", parameter: "url" });
      expect(answer.error?.message, url).toMatch(/^url must not point inside a network: /);
    }
    // A resolved name's addresses are never quoted back.
    const named = await send("POST", "/2/webhooks", { url: "https://private.hooks.example/" });
    expect(named.error?.message).toBe(
      "url must not point inside a network: private.hooks.example resolves to a private address; webhooks reach public addresses only",
    );
    expect(target.hits).toEqual([]);
    expect((await send("GET", "/2/webhooks")).body).toMatchObject({ meta: { result_count: 0 } });
  });

  it("refuses at delivery a name that resolved to an allowed address at registration and resolves inside now (DNS rebinding)", async () => {
    const receiver = await WebhookReceiver.start(consumerSecret);
    closers.push(() => receiver.close());
    const url = receiver.url.replace("127.0.0.1", LOCAL);
    const created = await send("POST", "/2/webhooks", { url });
    expect(created.status).toBe(200);
    const userId = "77001";
    const subscribed = await send("POST", "/2/activity/subscriptions", {
      filter: { user_id: userId },
    });
    expect(subscribed.status).toBeLessThan(300);
    const first = await bio(userId, "before the rebinding");
    await receiver.until(() => receiver.delivered.length >= 1);

    DNS[LOCAL] = ["0.0.0.0"];
    // A kept-alive connection stays with the address checked when it opened (a public one in
    // production): the rebinding shows on the next connection, so end the idle one.
    receiver.dropIdleConnections();
    const second = await bio(userId, "after the rebinding");
    const refusal = `refused to connect to ${LOCAL}: no public address (0.0.0.0: unspecified)`;
    // Refused attempts fail and are retried: wait for two of them.
    await expect
      .poll(() => warnings.filter((message) => message.includes(refusal)).length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(2);
    expect(receiver.attempts).toHaveLength(1);
    // The delivery log says why, in our words: the host, never the address it resolved to.
    const webhookLog = await send("GET", `/2/webhooks/${created.body.data?.id ?? ""}/deliveries`);
    expect(JSON.stringify(webhookLog.body)).toContain(
      `"last_error":"${LOCAL} leads to no public address; webhooks reach public addresses only"`,
    );
    // Re-validating now fails the CRC check for the same reason (the webhook holds its queue).
    const webhookId = created.body.data?.id ?? "";
    const revalidated = await send("PUT", `/2/webhooks/${webhookId}`);
    expect(revalidated.status).toBe(400);
    expect(revalidated.error?.message).toBe(
      `CRC failed: the URL was not reached: ${LOCAL} leads to no public address; webhooks reach public addresses only`,
    );

    DNS[LOCAL] = ["127.0.0.1"];
    expect((await send("PUT", `/2/webhooks/${webhookId}`)).status).toBe(200);
    await receiver.until(() => receiver.delivered.length >= 2);
    expect(receiver.delivered.map((entry) => entry.delivery.data.id)).toEqual([first, second]);
    expect((await send("DELETE", `/2/webhooks/${webhookId}`)).status).toBe(200);
  });

  it("never follows a redirect: not from the CRC check, not from a delivery", async () => {
    // The redirect target is reachable (an allowed host): following it would show there.
    const targetUrl = `http://${LOCAL}:${target.port}/followed`;
    const redirecting = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      const token = url.searchParams.get("crc_token");
      if (url.pathname === "/crc-redirect" || token === null) {
        response.writeHead(url.pathname === "/crc-redirect" ? 302 : 307, { location: targetUrl });
        response.end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(crcResponse(token, consumerSecret)));
    });
    redirecting.listen(0, "127.0.0.1");
    await once(redirecting, "listening");
    closers.push(async () => {
      redirecting.closeAllConnections();
      redirecting.close();
      await once(redirecting, "close");
    });
    const { port } = redirecting.address() as AddressInfo;
    let attempts = 0;
    redirecting.on("request", (request: { method?: string }) => {
      if (request.method === "POST") attempts += 1;
    });

    const crc = await send("POST", "/2/webhooks", { url: `http://${LOCAL}:${port}/crc-redirect` });
    expect(crc.status).toBe(400);
    expect(crc.error?.message).toBe(
      "CRC failed: it answered a redirect (302); redirects are not followed",
    );

    const created = await send("POST", "/2/webhooks", { url: `http://${LOCAL}:${port}/hook` });
    expect(created.status).toBe(200);
    const userId = "77002";
    await send("POST", "/2/activity/subscriptions", { filter: { user_id: userId } });
    await bio(userId, "redirected");
    // A 307 is a failed attempt: retried, never followed.
    await expect.poll(() => attempts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(target.hits).toEqual([]);
  });
});
