import { describe, expect, it } from "vitest";
import { hideSensitiveValue, secretScrubber } from "./redaction.js";

const violation = (parameter: string, message: string) =>
  ({ code: "INVALID_PARAMETER", parameter, message }) as const;

describe("hideSensitiveValue", () => {
  it("drops the value shown for a parameter named like a credential", () => {
    expect(
      hideSensitiveValue(violation("oauth_token", 'oauth_token must be short (got "T (got x)")'))
        .message,
    ).toBe("oauth_token must be short (value not shown)");
    expect(hideSensitiveValue(violation("name", "name is bad (got oauth_token=T)")).message).toBe(
      "name is bad (got oauth_token=[REDACTED])",
    );
  });

  // Linear: a version that rescans to the end from every " (got " takes minutes on this.
  it("runs in linear time on a value made of ' (got ' that does not end in ')'", () => {
    const message = `token must be short (got "${" (got ".repeat(200_000)}x"`;
    expect(hideSensitiveValue(violation("token", message)).message).toBe(message);
    const closed = `${message})`;
    expect(hideSensitiveValue(violation("token", closed)).message).toBe(
      "token must be short (value not shown)",
    );
  });
});

describe("secretScrubber", () => {
  it("masks configured secrets by value after the name-based masking", () => {
    const scrub = secretScrubber(["SECRETVALUE", undefined, "abc"]);
    expect(scrub("echo SECRETVALUE and abc and oauth_token=T")).toBe(
      "echo [REDACTED] and abc and oauth_token=[REDACTED]",
    );
  });
});
