import type { HostRole } from "@adsgraph/models";
import type { FastifyInstance } from "fastify";

export function registerHealthRoutes(app: FastifyInstance, role: HostRole): void {
  app.get("/health", () => ({ status: "ok", role }));
}
