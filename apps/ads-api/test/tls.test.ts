import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import os from "node:os";
import path from "node:path";
import { signRequest } from "@adsgraph/oauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdsApi } from "../testing/index.js";
import type { StartedAdsApi } from "../testing/index.js";
import { createActor } from "./support/actors.js";
import {} from "./support/bodies.js";

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function httpsRequest(
  url: string,
  ca: Buffer,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, ca, headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

describe.runIf(hasOpenssl())("HTTPS when a certificate and key are configured", () => {
  let dir: string;
  let server: StartedAdsApi;
  let cert: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "adsgraph-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    cert = readFileSync(path.join(dir, "cert.pem"));
    server = await startAdsApi({
      engine: "postgresql",
      name: "tls",
      seed: "none",
      hosts: { base: "https://127.0.0.1:0" },
      tls: { cert: path.join(dir, "cert.pem"), key: path.join(dir, "key.pem") },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the base role over TLS and verifies signatures made for its https URL", async () => {
    expect(server.urls.base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect((await httpsRequest(`${server.urls.base}/health`, cert, "GET", {})).status).toBe(200);
    const actor = await createActor(server.ctx, { callbackUrls: ["https://app.example/cb"] });
    const url = `${server.urls.base}/oauth/request_token`;
    const signed = signRequest({
      method: "POST",
      url,
      consumer: actor.credentials.consumer,
      oauthParams: { oauth_callback: "oob" },
    });
    const response = await httpsRequest(url, cert, "POST", { authorization: signed.authorization });
    expect(response.status).toBe(200);
    expect(response.body).toContain("oauth_callback_confirmed=true");
  });
});
