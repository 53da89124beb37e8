import { once } from "node:events";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundDispatcher } from "./outbound-dispatcher.js";
import { OutboundRefusedError, destinationProblem, policyOf } from "./outbound-guard.js";
import type { ResolvedAddress } from "./outbound-guard.js";
import { sendToReceiver } from "./webhook-http.js";

/** A resolver answering from a table the test rewrites (a name's DNS changing under us). */
function scriptedResolver(table: Record<string, string[]>) {
  return (hostname: string): Promise<readonly ResolvedAddress[]> => {
    const addresses = table[hostname];
    if (addresses === undefined) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );
  };
}

describe("destinationProblem: the registration check (issue 34)", () => {
  const dns: Record<string, string[]> = {
    "hooks.example.com": ["93.184.216.34", "2606:2800:220:1::1"],
    "inside.example.com": ["10.0.0.7"],
    "mixed.example.com": ["93.184.216.34", "169.254.169.254"],
    "rebind.example.com": ["127.0.0.1"],
  };
  const strict = policyOf([], scriptedResolver(dns));
  const dev = policyOf(["127.0.0.1", "localhost", "rebind.example.com"], scriptedResolver(dns));

  it("takes a name that resolves to public addresses only", async () => {
    expect(await destinationProblem(strict, "https://hooks.example.com/x")).toBeUndefined();
    expect(await destinationProblem(strict, "https://8.8.8.8/x")).toBeUndefined();
  });

  it("refuses a name when ANY address it resolves to is inside, without quoting the address", async () => {
    const inside = await destinationProblem(strict, "https://inside.example.com/x");
    expect(inside).toBe(
      "must not point inside a network: inside.example.com resolves to a private address; webhooks reach public addresses only",
    );
    const mixed = await destinationProblem(strict, "https://mixed.example.com/x");
    expect(mixed).toMatch(/resolves to a cloud metadata address/);
    expect(`${inside} ${mixed}`).not.toMatch(/10\.0\.0\.7|169\.254/);
  });

  it("refuses a name that does not resolve, literals inside and local names", async () => {
    expect(await destinationProblem(strict, "https://nowhere.example.com/")).toBe(
      "must name a host that resolves: nowhere.example.com does not",
    );
    expect(await destinationProblem(strict, "https://0xa9fea9fe/")).toMatch(
      /169\.254\.169\.254 is a cloud metadata address/,
    );
    expect(await destinationProblem(strict, "http://127.0.0.1:8080/")).toMatch(
      /127\.0\.0\.1 is a loopback address/,
    );
    expect(await destinationProblem(strict, "http://localhost:8080/")).toMatch(/local name/);
    expect(await destinationProblem(strict, "https://metadata.google.internal/")).toMatch(
      /local name/,
    );
  });

  it("takes the loopback addresses of allowed hosts only, never another kind", async () => {
    expect(await destinationProblem(dev, "http://127.0.0.1:8080/")).toBeUndefined();
    expect(await destinationProblem(dev, "http://127.1:8080/")).toBeUndefined();
    expect(await destinationProblem(dev, "https://rebind.example.com/")).toBeUndefined();
    expect(await destinationProblem(dev, "http://127.0.0.2:8080/")).toMatch(/loopback/);
    expect(await destinationProblem(dev, "http://[::1]:8080/")).toMatch(/loopback/);
    expect(await destinationProblem(dev, "https://inside.example.com/")).toMatch(/private/);
  });
});

describe("the outbound dispatcher: checked on connect (issue 34)", () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];
  const dns: Record<string, string[]> = {};
  const warnings: string[] = [];
  const policy = policyOf(["hooks.test.example", "127.0.0.1"], scriptedResolver(dns));
  const dispatcher = createOutboundDispatcher(policy, (message) => warnings.push(message));

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? "");
      if (request.url === "/redirect") {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end();
        return;
      }
      response.writeHead(200).end("ok");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await dispatcher.close();
    server.closeAllConnections();
    server.close();
  });

  const send = (url: string) => sendToReceiver(url, { method: "POST", dispatcher }, 5_000);

  /** The refusal a request failed with (undici wraps it as the fetch error's cause). */
  async function refusal(url: string): Promise<OutboundRefusedError> {
    const error: unknown = await send(url).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    const cause = error instanceof Error ? error.cause : undefined;
    if (!(cause instanceof OutboundRefusedError)) throw new Error(`${url} was not refused`);
    return cause;
  }

  it("refuses a name that resolved to an allowed address at registration and resolves inside now (DNS rebinding)", async () => {
    dns["hooks.test.example"] = ["127.0.0.1"];
    expect((await send(`http://hooks.test.example:${port}/first`)).status).toBe(200);
    // 0.0.0.0 reaches this machine's listeners on Linux: without the check this would arrive.
    dns["hooks.test.example"] = ["0.0.0.0"];
    const refused = await refusal(`http://hooks.test.example:${port}/rebound`);
    expect(refused.reason).toBe(
      "hooks.test.example leads to no public address; webhooks reach public addresses only",
    );
    expect(warnings.at(-1)).toBe(
      "refused to connect to hooks.test.example: no public address (0.0.0.0: unspecified)",
    );
    expect(hits).toEqual(["/first"]);
  });

  it("connects only to the allowed addresses among those a name resolves to", async () => {
    dns["hooks.test.example"] = ["10.0.0.1", "169.254.169.254", "127.0.0.1"];
    expect((await send(`http://hooks.test.example:${port}/filtered`)).status).toBe(200);
    expect(hits.at(-1)).toBe("/filtered");
  });

  it("checks IP literals, which sockets never look up", async () => {
    const before = hits.length;
    for (const host of ["0.0.0.0", "127.0.0.2", "[::ffff:127.0.0.1]", "[::ffff:7f00:2]"]) {
      const refused = await refusal(`http://${host}:${port}/literal`);
      expect(refused.message).toMatch(/no public address/);
    }
    expect(hits.length).toBe(before);
    expect((await send(`http://127.0.0.1:${port}/allowed`)).status).toBe(200);
  });

  it("answers a redirect with its 3xx, never following it", async () => {
    const before = hits.length;
    const answer = await send(`http://127.0.0.1:${port}/redirect`);
    expect(answer.status).toBe(302);
    expect(hits.slice(before)).toEqual(["/redirect"]);
  });
});
