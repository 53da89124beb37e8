import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REDACTED, redactForLog, redactString } from "./redact-text.js";

/**
 * The regular expressions the scans replaced, kept as the reference for short texts: the scans
 * must mask exactly what they masked. (They backtrack: never run them on long input.)
 */
function legacyRedactString(text: string): string {
  const sensitive = (name: string): boolean => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      // judge the raw name
    }
    return /secret|token|signature|passw|authorization|verifier|cookie|credential|private[_-]?key|api[_-]?key[_-]?secret/i.test(
      decoded,
    );
  };
  return text
    .replace(/"([^"\\]+)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g, (whole, name: string, sep: string) =>
      sensitive(name) ? `"${name}"${sep}"${REDACTED}"` : whole,
    )
    .replace(/([A-Za-z0-9_%.~-]+)(\s*=\s*)"[^"]*"/g, (whole, name: string, sep: string) =>
      sensitive(name) ? `${name}${sep}"${REDACTED}"` : whole,
    )
    .replace(
      /(^|[?&;\s,'(])([^=&\s?#"'(,;]+)=(?!")([^&\s#"',;)]*)/g,
      (whole, lead: string, name: string) =>
        sensitive(name) ? `${lead}${name}=${REDACTED}` : whole,
    )
    .replace(/\b(Bearer|Basic)(\s+)[A-Za-z0-9\-._~+/%]+=*/gi, `$1$2${REDACTED}`);
}

// Pieces that exercise every branch of every pass: quotes, escapes, separators, leads, names
// that are and are not sensitive, schemes, line terminators and other spaces.
const PIECES = [
  '"',
  "\\",
  '\\"',
  ":",
  "=",
  "&",
  "?",
  "#",
  "'",
  "(",
  ")",
  ",",
  ";",
  " ",
  "\t",
  "\n",
  "\u2028",
  "\u00a0",
  "%",
  "%3D",
  "%zz",
  "+",
  ".",
  "a",
  "Z9",
  "token",
  "oauth_token",
  "secret",
  "pass+word",
  "Bearer",
  "basic",
  "x=1",
  '"access_token":"v"',
  'oauth_signature="s"',
  "é",
];

// Few pieces, some of them half-built members, so that the rarer combinations (an escaped line
// end inside a sensitive JSON member, a quote right after '=') come up often.
const DENSE = [
  '"',
  "\\",
  ":",
  "=",
  "&",
  " ",
  "\u2028",
  ")",
  "token",
  "a",
  "Bearer",
  '"token":"',
  "\\\u2028",
  "\\\n",
  '\\"',
  'token="',
  "?token=",
];

describe("redactString", () => {
  it.each([
    ["a wide alphabet", PIECES],
    ["a dense alphabet", DENSE],
  ])("masks exactly what the former regular expressions masked, over %s", (_label, alphabet) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        expect(redactString(text)).toBe(legacyRedactString(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("keeps the behaviours callers rely on", () => {
    const text =
      'OAuth oauth_consumer_key="ck", oauth_token = "T1", x=1&access_token=T2 ' +
      '{"client_secret" : "T3\\"still"} Authorization: Bearer T4== and basic T5';
    const out = redactString(text);
    for (const secret of ["T1", "T2", "T3", "still", "T4", "T5"]) expect(out).not.toContain(secret);
    expect(out).toContain('oauth_consumer_key="ck"');
    expect(out).toContain("x=1");
    expect(redactString("nothing to hide")).toBe("nothing to hide");
  });

  // Each input made the former expressions backtrack (or is built to make a careless scanner
  // rescan). A quadratic pass takes minutes on a million characters; these take milliseconds.
  const MILLION = 1_000_000;
  it.each([
    ["a run of header-name characters", "a".repeat(MILLION)],
    [
      "name characters then spaces and no '='",
      `${"a".repeat(MILLION / 2)}${" ".repeat(MILLION / 2)}x`,
    ],
    ["many names with '=' and one open quote", `${"a = ".repeat(MILLION / 4)}"`],
    ["many 'name=\"' without a second quote", 'a="'.repeat(MILLION / 3)],
    ["JSON names without values", '"a":'.repeat(MILLION / 4)],
    ["a JSON value never closed", `"token":"${'\\"'.repeat(MILLION / 2)}`],
    ["JSON members split by escaped line ends", '"token":"\\\n'.repeat(MILLION / 11)],
    ["a long query value", `?token=${"v".repeat(MILLION)}`],
    ["a form name without '='", `&${"n".repeat(MILLION)}`],
    ["leads and names alternating", "&a".repeat(MILLION / 2)],
    ["a scheme and a long space run", `Bearer${" ".repeat(MILLION)}`],
    ["a percent-encoded name", `${"%".repeat(MILLION)}=x`],
  ])("runs in linear time on %s", (_label, text) => {
    const out = redactString(text);
    expect(out.length).toBeGreaterThan(0);
  });

  it("still masks a credential at the end of a long adversarial text", () => {
    const text = `${"a".repeat(MILLION)} oauth_token="SECRET1" &access_token=SECRET2`;
    const out = redactString(text);
    expect(out).not.toContain("SECRET");
    expect(out.endsWith(`oauth_token="${REDACTED}" &access_token=${REDACTED}`)).toBe(true);
  });
});

describe("redactForLog", () => {
  it("leaves short texts whole and cuts long ones with their length", () => {
    expect(redactForLog("/x?oauth_token=T", 100)).toBe(`/x?oauth_token=${REDACTED}`);
    const long = `/x?a=${"b".repeat(50)}`;
    expect(redactForLog(long, 10)).toBe(`/x?a=bbbbb…[truncated: ${long.length} characters]`);
  });

  it("masks before cutting, so a credential across the cut shows no part of itself", () => {
    const text = `/x?name=abc&oauth_token=SECRETVALUE&z=1`;
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(redactForLog(text, cut)).not.toMatch(/SEC|ECR|CRE|RET|ETV|TVA|VAL|ALU|LUE/);
    }
  });

  it("never ends on half of a surrogate pair", () => {
    const out = redactForLog(`ab😀cd`, 3);
    expect(out.startsWith("ab…")).toBe(true);
  });
});
