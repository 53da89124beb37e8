import { request as httpRequest } from "node:http";
import { Writable } from "node:stream";
import { LIMITS, dataPostsLookupSchema } from "@adsgraph/models";
import { buildBasicAuthorization, signRequest } from "@adsgraph/oauth";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf, errorsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

interface RawRequest {
  readonly method: string;
  /** Path and query exactly as they go on the request line (no normalisation by fetch). */
  readonly path: string;
  readonly body?: string;
  readonly contentType?: string;
  readonly signed?: boolean;
  readonly authorization?: string;
}

describe.each(HTTP_TEST_ENGINES)("the edge of ads-api on %s (issue 12)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let fundingInstrumentId: string;
  const logs: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {
      logLevel: "info",
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString("utf8"));
          done();
        },
      }),
    });
    admin = await createActor(server.ctx);
    ({ accountId, fundingInstrumentId } = await createAccountFor(server.ctx, admin.userId));
  });
  afterAll(() => server.close());

  /** Sends bytes as given, signed by the admin unless told otherwise (node:http keeps `%00`, `..`). */
  function send(role: "ads" | "ads-sandbox" | "base", options: RawRequest): Promise<ApiResponse> {
    const origin = server.urls[role];
    const headers: Record<string, string> = {};
    if (options.contentType !== undefined) headers["content-type"] = options.contentType;
    if (options.authorization !== undefined) headers.authorization = options.authorization;
    else if (options.signed !== false) {
      headers.authorization = signRequest({
        method: options.method,
        url: `${origin}${options.path}`,
        consumer: admin.credentials.consumer,
        token: admin.credentials.token,
        form:
          options.contentType === "application/x-www-form-urlencoded" && options.body !== undefined
            ? [...new URLSearchParams(options.body)]
            : undefined,
      }).authorization;
    }
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: url.hostname, port: url.port, method: options.method, path: options.path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const type = response.headers["content-type"] ?? "";
            resolve({
              status: response.statusCode ?? 0,
              headers: new Headers(),
              text,
              body:
                type.includes("json") && text !== "" ? (JSON.parse(text) as unknown) : undefined,
            });
          });
        },
      );
      request.on("error", reject);
      if (options.body !== undefined) request.write(options.body);
      request.end();
    });
  }

  async function stateOfAccount(): Promise<unknown> {
    const prisma = server.ctx.prisma;
    return {
      campaigns: await prisma.campaign.count({ where: { accountId } }),
      cards: await prisma.card.count({ where: { accountId } }),
      tax: await prisma.taxSettings.findUnique({ where: { accountId } }),
      account: await prisma.account.findUniqueOrThrow({ where: { id: accountId } }),
    };
  }

  function expectClientError(response: ApiResponse, status: number, parameter?: string): void {
    expect(response.status, response.text).toBe(status);
    if (parameter !== undefined) {
      expect(errorsOf(response).map((error) => error.parameter)).toContain(parameter);
    }
  }

  it("authenticates before anything else: 401 for an unsigned call whatever the route", async () => {
    const account = `/12/accounts/${accountId}`;
    const unsigned: [RawRequest, "ads" | "base"][] = [
      [{ method: "POST", path: "/2/activity/subscriptions" }, "base"], // activity subscriptions: was 201
      [{ method: "POST", path: "/12/accounts" }, "ads"], // sandbox only: was 403
      [
        {
          method: "POST",
          path: `${account}/cards`,
          body: "{oops",
          contentType: "application/json",
        },
        "ads",
      ], // was 400
      [
        { method: "POST", path: `${account}/cards`, body: "name=x", contentType: "text/plain" },
        "ads",
      ], // was 415
      [{ method: "GET", path: `${account}?with_deleted=maybe` }, "ads"],
      [{ method: "GET", path: "/2/posts?ids=1" }, "base"], // the post-data lookup
    ];
    for (const [options, role] of unsigned) {
      const response = await send(role, { ...options, signed: false });
      expect(response.status, `${options.method} ${options.path}: ${response.text}`).toBe(401);
      expect(errorOf(response).code).toBe(215);
    }
    const badSignature = await send("ads", {
      method: "GET",
      path: `${account}/custom_audiences`,
      authorization: 'OAuth oauth_consumer_key="nope", oauth_signature="x"',
    });
    expect(badSignature.status).toBe(401);
  });

  it("answers an authenticated caller once authenticated: 403 sandbox only, 400 and 415 bodies", async () => {
    const account = `/12/accounts/${accountId}`;
    const before = await stateOfAccount();
    const sandboxOnly = await send("ads", { method: "POST", path: "/12/accounts" });
    expectClientError(sandboxOnly, 403);
    expect(errorOf(sandboxOnly).code).toBe("SANDBOX_ONLY");
    const badJson = await send("ads", {
      method: "POST",
      path: `${account}/cards`,
      body: "{oops",
      contentType: "application/json",
    });
    expectClientError(badJson, 400);
    expect(errorOf(badJson)).toMatchObject({ code: "INVALID_BODY" });
    expect(errorOf(badJson).message).toMatch(/not valid JSON/);
    const empty = await send("ads", {
      method: "POST",
      path: `${account}/cards`,
      body: "",
      contentType: "application/json",
    });
    expectClientError(empty, 400);
    const plain = await send("ads", {
      method: "POST",
      path: `${account}/cards`,
      body: '{"name":"x"}',
      contentType: "text/plain",
    });
    expectClientError(plain, 415);
    expect(errorOf(plain).code).toBe("INVALID_BODY");
    const deep = await send("ads", {
      method: "POST",
      path: `${account}/cards`,
      body: `{"name":"x","components":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
      contentType: "application/json",
    });
    expectClientError(deep, 400);
    // The catalog's one depth limit, for bodies as for any parameters.
    expect(errorOf(deep).message).toContain(`must nest at most ${LIMITS.input.depth} levels`);
    // A JSON body shaped like the form marker must not pass for a form.
    const formLike = await send("ads", {
      method: "POST",
      path: `${account}/cards`,
      body: JSON.stringify({ kind: "form", raw: "name=x", pairs: [] }),
      contentType: "application/json",
    });
    expectClientError(formLike, 400, "kind");
    expect(await stateOfAccount()).toEqual(before);
  });

  it("takes the post-data API's bearer token on its reads, and not on user-context endpoints", async () => {
    const app = await server.ctx.prisma.app.findFirstOrThrow({
      where: { consumerKey: admin.consumerKey },
    });
    expect(app.id).toBe(admin.appId);
    const token = await fetch(`${server.urls.base}/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: buildBasicAuthorization(admin.consumerKey, admin.consumerSecret),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    const { access_token: bearer } = (await token.json()) as { access_token: string };
    const lookup = await send("base", {
      method: "GET",
      path: "/2/posts?ids=1",
      authorization: `Bearer ${bearer}`,
    });
    expect(lookup.status, lookup.text).toBe(200);
    // No post 1: a v2 answer with the id under `errors` and no `data`.
    expect(dataPostsLookupSchema.parse(lookup.body)).toMatchObject({
      errors: [{ resource_id: "1", parameter: "ids" }],
    });
    expect(lookup.body).not.toHaveProperty("data");
    // User context reads the same (issue 33: the vendor's post lookups take it too).
    const signed = await send("base", { method: "GET", path: "/2/posts?ids=1" });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body).toEqual(lookup.body);
    // And the bearer token cannot write a post, which has an author.
    const create = await send("base", {
      method: "POST",
      path: "/2/posts",
      body: '{"text":"as the app"}',
      contentType: "application/json",
      authorization: `Bearer ${bearer}`,
    });
    expectClientError(create, 403);
    expect(errorOf(create).code).toBe(220);
    const userOnly = await send("ads", {
      method: "GET",
      path: `/12/accounts/${accountId}`,
      authorization: `Bearer ${bearer}`,
    });
    expectClientError(userOnly, 403);
    expect(errorOf(userOnly).code).toBe(220);
  });

  it("treats __proto__ and constructor as names like any other: refused by name, never a prototype", async () => {
    const account = `/12/accounts/${accountId}`;
    const before = await stateOfAccount();
    for (const path of [
      "/12/accounts?__proto__=x",
      "/12/accounts?__proto__[x]=1",
      "/12/accounts?constructor=x",
      `${account}/tax_settings?__proto__=1`,
    ]) {
      const method = path.includes("tax_settings") ? "PUT" : "GET";
      expectClientError(
        await send("ads", { method, path }),
        400,
        path.split("?")[1]?.split("=")[0],
      );
    }
    const form = await send("ads", {
      method: "POST",
      path: `${account}/campaigns`,
      body: `name=Form&funding_instrument_id=${fundingInstrumentId}&entity_status=PAUSED&__proto__=x`,
      contentType: "application/x-www-form-urlencoded",
    });
    expectClientError(form, 400, "__proto__");
    const json = await send("ads", {
      method: "POST",
      path: `${account}/cards`,
      body: '{"name":"x","__proto__":{"components":[]}}',
      contentType: "application/json",
    });
    expectClientError(json, 400, "__proto__");
    for (const sortBy of ["__proto__-asc", "constructor-desc", "toString-asc"]) {
      expectClientError(
        await send("ads", { method: "GET", path: `/12/accounts?sort_by=${sortBy}` }),
        400,
        "sort_by",
      );
    }
    expect(await stateOfAccount()).toEqual(before);
  });

  it("refuses text the database cannot hold or that is not UTF-8, naming the parameter", async () => {
    const account = `/12/accounts/${accountId}`;
    const before = await stateOfAccount();
    const cases: [RawRequest, string | undefined][] = [
      [{ method: "GET", path: "/12/accounts?q=%00" }, "q"],
      [{ method: "GET", path: "/12/accounts?q=%FF" }, "q"],
      [{ method: "GET", path: "/12/accounts?q=%ED%A0%80" }, "q"], // an encoded lone surrogate
      [{ method: "GET", path: "/12/accounts?q=%zz" }, "q"],
      [{ method: "GET", path: "/12/accounts/a%00b" }, "account_id"],
      [{ method: "PUT", path: `${account}/tax_settings?x%00y=1` }, undefined],
      [{ method: "PUT", path: `${account}/tax_settings?tax_id=a%00b` }, "tax_id"],
      [{ method: "PUT", path: `${account}?name=%C0%AF` }, "name"], // an overlong encoding
      [
        {
          method: "POST",
          path: `${account}/campaigns`,
          body: `name=N%FF&funding_instrument_id=${fundingInstrumentId}`,
          contentType: "application/x-www-form-urlencoded",
        },
        "name",
      ],
      [
        {
          method: "POST",
          path: `${account}/cards`,
          body: '{"name":"a\\u0000b","components":[]}',
          contentType: "application/json",
        },
        "name",
      ],
      [
        {
          method: "POST",
          path: `${account}/cards`,
          body: '{"name":"\\ud800","components":[]}',
          contentType: "application/json",
        },
        "name",
      ],
      [
        {
          method: "GET",
          path: `${account}/account_history?entity_type=CAMPAIGN&entity_id=x&start_time=0000-01-01T00:00:00Z&end_time=0000-01-01T01:00:00Z`,
        },
        "start_time",
      ],
    ];
    for (const [options, parameter] of cases) {
      const response = await send("ads", options);
      expect(response.status, `${options.method} ${options.path}: ${response.text}`).toBe(400);
      if (parameter !== undefined) {
        expect(errorsOf(response).map((error) => error.parameter)).toContain(parameter);
      }
    }
    // A path that is not UTF-8 never reaches a route: still a 400 in the service's error body.
    for (const path of ["/12/accounts/a%FFb", "/12/accounts/a%zzb"]) {
      const response = await send("ads", { method: "GET", path });
      expectClientError(response, 400);
      expect(errorOf(response).code).toBe("INVALID_PARAMETER");
    }
    expect(await stateOfAccount()).toEqual(before);
  });

  it("keeps tax settings' further parameters to parameter-like names and a bounded count", async () => {
    const path = `/12/accounts/${accountId}/tax_settings`;
    const before = await stateOfAccount();
    expectClientError(
      await send("ads", { method: "PUT", path: `${path}?Bad-Name=1` }),
      400,
      "Bad-Name",
    );
    const many = Array.from({ length: 70 }, (_, index) => `field_${index}=1`).join("&");
    const tooMany = await send("ads", { method: "PUT", path: `${path}?${many}` });
    expectClientError(tooMany, 400);
    expect(errorOf(tooMany).code).toBe("TOO_MANY_ITEMS");
    expect(await stateOfAccount()).toEqual(before);
    const fine = await send("ads", { method: "PUT", path: `${path}?billing_contact=ops` });
    expect(fine.status, fine.text).toBe(200);
  });

  it("answers a too-long path parameter 400 naming it, not 404 or 414", async () => {
    for (const path of [
      `/12/accounts/${"a".repeat(150)}`,
      `/12/accounts/${accountId}/campaigns/${"c".repeat(5_000)}`,
    ]) {
      const response = await send("ads", { method: "GET", path });
      expectClientError(response, 400);
      expect(errorOf(response).parameter).toMatch(/_id$/);
    }
    const traversal = await send("ads", { method: "GET", path: "/12/accounts/..%2F..%2Fx" });
    expectClientError(traversal, 400, "account_id");
  });

  it("stays healthy and logs no stack trace for any of it", async () => {
    for (const role of ["base", "ads", "ads-sandbox"] as const) {
      expect((await fetch(`${server.urls[role]}/health`)).status).toBe(200);
    }
    const text = logs.join("");
    expect(text).toMatch(/request completed/); // the log was captured
    expect(text).not.toMatch(/"level":50/);
    expect(text).not.toMatch(/"stack"/);
    expect(text).not.toMatch(/unhandled error/);
  });
});
