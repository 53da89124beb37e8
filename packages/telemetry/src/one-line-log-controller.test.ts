import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { OneLineLogController } from "./one-line-log-controller.js";

describe("OneLineLogController", () => {
  it("logs each request once, at completion, with its method, URL, status and time", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logController: new OneLineLogController(),
      logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
    });
    app.get("/x", () => ({ ok: true }));
    await app.inject({ url: "/x?a=1" });
    await app.inject({ url: "/missing" });
    await app.close();
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = logged.filter((entry) => entry.msg === "request completed");
    expect(logged.filter((entry) => entry.msg === "incoming request")).toEqual([]);
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      req: { method: "GET", url: "/x?a=1" },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]?.responseTime).toBe("number");
    expect(completed[1]).toMatchObject({ req: { url: "/missing" }, res: { statusCode: 404 } });
  });
});
