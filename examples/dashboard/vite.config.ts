import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type ProxyOptions, type UserConfig } from "vite";

/**
 * The dashboard and the facade share one origin, as they would behind a reverse proxy: the
 * facade's session cookie is HttpOnly and its WebSocket accepts a cookie only from its own
 * origin (GRAPHQL_PUBLIC_URL), so the dashboard serves the page and forwards `/graphql` (HTTP
 * and WebSocket) and `/auth/*` to the facade.
 */
export function facadeProxy(facadeUrl: string): Record<string, ProxyOptions> {
  return {
    "/graphql": { target: facadeUrl, ws: true },
    "/auth": {
      target: facadeUrl,
      // The sign-in's callback ends on the facade's playground; a dashboard user comes home.
      configure: (proxy) => {
        proxy.on("proxyRes", (response, request) => {
          if (request.url?.startsWith("/auth/callback") && response.headers.location === "/graphql")
            response.headers.location = "/";
        });
      },
    },
  };
}

/** Where the dashboard listens and which facade it forwards to. */
export interface DashboardServing {
  port: number;
  facadeUrl: string;
  /** Where `vite build` writes and `vite preview` serves from (default `dist`). */
  outDir?: string;
}

/** The whole Vite config: the dev server and the preview of a build serve the same way. */
export function dashboardConfig({
  port,
  facadeUrl,
  outDir = "dist",
}: DashboardServing): UserConfig {
  const serving = { host: "127.0.0.1", port, strictPort: true, proxy: facadeProxy(facadeUrl) };
  return {
    root: import.meta.dirname,
    plugins: [react()],
    // Workspace packages are bundled from their TypeScript sources (no build step first).
    resolve: { conditions: ["source", ...defaultClientConditions] },
    build: { outDir },
    server: serving,
    preview: serving,
  };
}

// Read here only: the config runs in Node; the page itself reads no environment.
export default defineConfig(
  dashboardConfig({
    port: Number(process.env.DASHBOARD_PORT ?? 4000),
    facadeUrl: process.env.DASHBOARD_FACADE_URL ?? "http://127.0.0.1:4001",
  }),
);
