import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadCliEnv } from "./env.js";

describe("loadCliEnv", () => {
  it("finds the config directory: ADSGRAPH_CONFIG_DIR, XDG_CONFIG_HOME, then ~/.config", () => {
    expect(loadCliEnv({ ADSGRAPH_CONFIG_DIR: "/tmp/a", XDG_CONFIG_HOME: "/tmp/x" }).configDir).toBe(
      "/tmp/a",
    );
    expect(loadCliEnv({ XDG_CONFIG_HOME: "/tmp/x" }).configDir).toBe("/tmp/x/adsgraph");
    expect(loadCliEnv({ XDG_CONFIG_HOME: "" }).configDir).toBe(
      path.join(os.homedir(), ".config", "adsgraph"),
    );
  });

  it("fails on a bad URL with the variable's name and never a secret's value", () => {
    expect(() => loadCliEnv({ ADSGRAPH_URL: "not a url" })).toThrow(/^ADSGRAPH_URL: /);
    expect(() => loadCliEnv({ ADS_API_ADS_URL: "ftp://x" })).toThrow(/^ADS_API_ADS_URL: /);
    const env = loadCliEnv({ ADSGRAPH_CONSUMER_KEY: "k", ADSGRAPH_CONSUMER_SECRET: "s" });
    expect(env).toMatchObject({ consumerKey: "k", consumerSecret: "s", debug: false });
  });

  it("takes an access token for uploads only with its secret and the app's key and secret", () => {
    const app = { ADSGRAPH_CONSUMER_KEY: "k", ADSGRAPH_CONSUMER_SECRET: "s" };
    const token = { ADSGRAPH_ACCESS_TOKEN: "t", ADSGRAPH_ACCESS_TOKEN_SECRET: "ts" };
    expect(loadCliEnv({ ...app, ...token }).accessToken).toEqual({ token: "t", tokenSecret: "ts" });
    expect(loadCliEnv(app).accessToken).toBeUndefined();
    expect(() => loadCliEnv({ ...app, ADSGRAPH_ACCESS_TOKEN: "t" })).toThrow(
      /^ADSGRAPH_ACCESS_TOKEN_SECRET: must be set too/,
    );
    expect(() => loadCliEnv(token)).toThrow(
      /^ADSGRAPH_CONSUMER_KEY, ADSGRAPH_CONSUMER_SECRET: must be set too/,
    );
    // The message names variables, never a value.
    expect(() => loadCliEnv({ ADSGRAPH_ACCESS_TOKEN_SECRET: "hush" })).not.toThrow(/hush/);
  });

  it("opens browsers only where a desktop can show one", () => {
    expect(loadCliEnv({}, "linux").desktop).toBe(false);
    expect(loadCliEnv({ DISPLAY: ":0" }, "linux").desktop).toBe(true);
    expect(loadCliEnv({ WAYLAND_DISPLAY: "wayland-0" }, "linux").desktop).toBe(true);
    expect(loadCliEnv({}, "darwin").desktop).toBe(true);
  });
});
