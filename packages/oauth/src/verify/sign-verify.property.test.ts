import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accessToken,
  signedRequest,
  urlEncoded,
  verifierAt,
} from "../../test/helpers/verify-fixtures.js";
import { OAuthVerificationError } from "../errors.js";
import { buildAuthorizationHeader, parseAuthorizationHeader } from "../header.js";
import type { ParamPair } from "../types.js";
import type { VerifiableRequest } from "./request-params.js";

// Names and values: any Unicode (full code-point range, graphemes, ASCII with controls).
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
  fc.string({ unit: "binary-ascii", maxLength: 8 }),
);
const name = fc
  .oneof(text, fc.constantFrom("a", "dup", "x y"))
  .filter((n) => !n.startsWith("oauth_"));
const pairs = fc
  .array(fc.tuple(name, text), { maxLength: 5 })
  // Repeat some pairs verbatim so duplicates (same name and value) are covered too.
  .chain((ps) => fc.subarray(ps).map((copies): ParamPair[] => [...ps, ...copies]));
const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
);

interface Case {
  readonly method: string;
  readonly path: readonly string[];
  readonly query: readonly ParamPair[];
  readonly form: readonly ParamPair[] | undefined;
}

const cases = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
  path: fc.array(segment, { maxLength: 3 }),
  query: pairs,
  form: fc.option(pairs, { nil: undefined }),
});

function urlOf(c: Pick<Case, "path" | "query">, host = "api.example.com"): string {
  const search = urlEncoded(c.query);
  return `https://${host}/${c.path.map(encodeURIComponent).join("/")}${search === "" ? "" : `?${search}`}`;
}

function requestOf(c: Case): VerifiableRequest {
  const body = c.form === undefined ? undefined : urlEncoded(c.form);
  return signedRequest({ method: c.method, url: urlOf(c), body });
}

/**
 * Replaces the code point at `index` (mod length) with `replacement`; when that is the same
 * character, with the next one of `alphabet` instead, so the result always differs.
 */
function mutate(value: string, index: number, replacement: string, alphabet = "ab"): string {
  const points = Array.from(value);
  if (points.length === 0) return replacement;
  const at = index % points.length;
  if (points[at] === replacement) {
    const i = alphabet.indexOf(replacement);
    points[at] = alphabet[(i + 1) % alphabet.length] ?? "a";
    if (points[at] === replacement) points[at] = replacement === "a" ? "b" : "a";
  } else {
    points[at] = replacement;
  }
  return points.join("");
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const HOST = "abcdefghijklmnopqrstuvwxyz0123456789";
const DIGITS = "0123456789";
const HEX = "abcdefABCDEF0123456789";

function withHeaderParam(
  request: VerifiableRequest,
  param: string,
  change: (v: string) => string,
): VerifiableRequest {
  const headers = request.headers as Record<string, string>;
  const params = parseAuthorizationHeader(headers.authorization ?? "").params.map(
    ([n, v]): ParamPair => [n, n === param ? change(v) : v],
  );
  return { ...request, headers: { ...headers, authorization: buildAuthorizationHeader(params) } };
}

async function failureReason(request: VerifiableRequest): Promise<string> {
  try {
    await verifierAt().verify(request, "protected");
    return "accepted";
  } catch (error) {
    if (error instanceof OAuthVerificationError) return error.reason;
    throw error;
  }
}

describe("sign then verify (property)", () => {
  it("verifies any Unicode names and values, repeated names, query plus form parameters", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const verified = await verifierAt().verify(requestOf(c), "protected");
        expect(verified.token).toBe(accessToken.token);
      }),
      { numRuns: 200 },
    );
  });

  const tamper = fc.oneof(
    fc.record({
      kind: fc.constant("method" as const),
      index: fc.nat(),
      char: fc.constantFrom(...Array.from(UPPER)),
    }),
    fc.record({
      kind: fc.constant("host" as const),
      index: fc.nat(),
      char: fc.constantFrom(...Array.from(HOST)),
    }),
    fc.record({
      kind: fc.constant("path" as const),
      index: fc.nat(),
      char: fc.constantFrom("a", "b", "c", "X", "Y", "Z", "0", "1", "9", "-", "_", "~", "é"),
    }),
    fc.record({
      kind: fc.constant("query" as const),
      index: fc.nat(),
      char: text.filter((t) => Array.from(t).length === 1),
      inName: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("form" as const),
      index: fc.nat(),
      char: text.filter((t) => Array.from(t).length === 1),
      inName: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("timestamp" as const),
      index: fc.nat(),
      char: fc.constantFrom(...Array.from(DIGITS)),
    }),
    fc.record({
      kind: fc.constant("nonce" as const),
      index: fc.nat(),
      char: fc.constantFrom(...Array.from(HEX)),
    }),
  );

  function changePair(
    list: readonly ParamPair[],
    index: number,
    char: string,
    inName: boolean,
  ): ParamPair[] {
    const out = [...list];
    const at = index % list.length;
    const [n, v] = out[at] ?? ["", ""];
    out[at] = inName ? [mutate(n, index, char), v] : [n, mutate(v, index, char)];
    return out;
  }

  it("fails when any single character of the method, URL, a parameter, timestamp or nonce changes", async () => {
    await fc.assert(
      fc.asyncProperty(cases, tamper, async (c, t) => {
        const original = requestOf(c);
        let forged: VerifiableRequest;
        switch (t.kind) {
          case "method":
            forged = { ...original, method: mutate(c.method, t.index, t.char, UPPER) };
            break;
          case "host":
            forged = {
              ...original,
              url: urlOf(c, mutate("api.example.com", t.index, t.char, HOST)),
            };
            break;
          case "path": {
            const raw = new URL(original.url);
            raw.pathname = mutate(raw.pathname, t.index, t.char === "é" ? "%C3%A9" : t.char);
            forged = { ...original, url: raw.toString() };
            fc.pre(new URL(forged.url).pathname !== new URL(original.url).pathname);
            break;
          }
          case "query":
            fc.pre(c.query.length > 0);
            forged = {
              ...original,
              url: urlOf({ ...c, query: changePair(c.query, t.index, t.char, t.inName) }),
            };
            break;
          case "form": {
            fc.pre(c.form !== undefined && c.form.length > 0);
            const form = changePair(c.form, t.index, t.char, t.inName);
            forged = { ...original, body: urlEncoded(form) };
            break;
          }
          case "timestamp":
            // The last digit: the forged timestamp stays inside the window, so only the signature can catch it.
            forged = withHeaderParam(original, "oauth_timestamp", (v) =>
              mutate(v, v.length - 1, t.char, DIGITS),
            );
            break;
          case "nonce":
            forged = withHeaderParam(original, "oauth_nonce", (v) =>
              mutate(v, t.index, t.char, HEX),
            );
            break;
        }
        const reason = await failureReason(forged);
        // A changed name may collide with oauth_* (duplicate); everything else is a bad signature.
        expect(["bad_signature", "duplicate_parameter"]).toContain(reason);
        if (t.kind !== "query" && t.kind !== "form") expect(reason).toBe("bad_signature");
      }),
      { numRuns: 400 },
    );
  });

  it("refuses a replayed request", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const verifier = verifierAt();
        const request = requestOf(c);
        await verifier.verify(request, "protected");
        await expect(verifier.verify(request, "protected")).rejects.toMatchObject({
          reason: "replay",
        });
      }),
      { numRuns: 50 },
    );
  });
});
