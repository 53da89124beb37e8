import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CliError } from "../errors.js";
import { fileCredentialStore } from "./credential-store.js";
import type { Credentials } from "./credentials.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "adsgraph-cli-store-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const signedIn: Credentials = {
  version: 1,
  facade: {
    url: "http://127.0.0.1:4000",
    sessionToken: "ags_secret",
    userId: "1400000000000000001",
    screenName: "someone",
    expiresAt: "2030-01-01T00:00:00.000Z",
  },
};

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe.skipIf(process.platform === "win32")("fileCredentialStore", () => {
  it("creates the directory 0700 and the file 0600, whatever the umask", async () => {
    const dir = path.join(root, "config", "adsgraph");
    const store = fileCredentialStore(dir);
    expect(store.location).toBe(path.join(dir, "credentials.json"));
    const umask = process.umask(0o000);
    try {
      await store.save(signedIn);
    } finally {
      process.umask(umask);
    }
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(store.location)).toBe(0o600);
    expect(await store.load()).toEqual(signedIn);
  });

  it("reads no credentials when there is no file, and deletes the file when both parts go", async () => {
    const store = fileCredentialStore(root);
    expect(await store.load()).toEqual({ version: 1 });
    await store.save(signedIn);
    await store.save({ version: 1 });
    await expect(stat(store.location)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a file that others can read, saying why and what to do", async () => {
    const store = fileCredentialStore(root);
    await store.save(signedIn);
    await chmod(store.location, 0o644);
    const error = await store.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ code: "CREDENTIALS_FILE", exitCode: 3 });
    expect((error as Error).message).toContain("can be read by other users (mode 0644)");
    expect((error as Error).message).toContain(`chmod 600 ${store.location}`);
    expect((error as Error).message).not.toContain("ags_secret");
  });

  it("refuses a file that is not a credentials file, without showing its contents", async () => {
    const store = fileCredentialStore(root);
    await writeFile(store.location, '{"version": 2, "token": "ags_secret"}', { mode: 0o600 });
    const error = (await store.load().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/is not a credentials file of this version/);
    expect(error.message).not.toContain("ags_secret");
  });

  it("replaces the file atomically, leaving no temporary file", async () => {
    const store = fileCredentialStore(root);
    await store.save(signedIn);
    await store.save({ ...signedIn, facade: undefined, api: undefined });
    await store.save(signedIn);
    expect(JSON.parse(await readFile(store.location, "utf8"))).toEqual(signedIn);
    const { readdir } = await import("node:fs/promises");
    expect(await readdir(root)).toEqual(["credentials.json"]);
  });
});
