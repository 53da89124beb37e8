import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSecretBox, generateKeyText } from "@adsgraph/storage";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.js";
import { resolveKeyring } from "./secret-key.js";

describe("the keyring for secrets at rest", () => {
  it("comes from ADS_API_SECRET_KEY (current key first) and names the variable when bad", () => {
    const [current, old] = [generateKeyText(), generateKeyText()];
    const keyring = resolveKeyring({
      value: `${current},${old}`,
      file: "/nonexistent",
      notice: () => undefined,
    });
    expect(keyring.map((key) => key.key.toString("hex"))).toEqual([current, old]);
    expect(() =>
      resolveKeyring({ value: "short", file: "/nonexistent", notice: () => undefined }),
    ).toThrow(/ADS_API_SECRET_KEY:/);
  });

  it("is generated into the key file once, with a notice, when unset", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "adsgraph-key-"));
    try {
      const notices: string[] = [];
      const file = path.join(dir, "nested", "secret.key");
      const notice = (line: string) => notices.push(line);
      const first = resolveKeyring({ value: undefined, file, notice });
      const again = resolveKeyring({ value: undefined, file, notice });
      expect(again).toEqual(first);
      expect(notices).toHaveLength(1);
      expect(readFileSync(file, "utf8").trim()).toBe(first[0]?.key.toString("hex"));
      const box = createSecretBox(first);
      expect(box.open(box.seal("consumer secret"))).toBe("consumer secret");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("passwords", () => {
  it("are scrypt hashes checked in constant time", async () => {
    const stored = await hashPassword("hunter2hunter2");
    expect(stored).toMatch(/^scrypt\$16384\$/);
    expect(await verifyPassword("hunter2hunter2", stored)).toBe(true);
    expect(await verifyPassword("hunter3hunter3", stored)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});
