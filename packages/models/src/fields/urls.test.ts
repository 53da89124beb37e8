import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits.js";
import { expectValid, expectViolation, violationsOf } from "../../test/support.js";

const website = (url: unknown): unknown => ({
  account_id: "a1",
  name: "card",
  components: [
    { type: "DETAILS", title: "Shop", destination: { type: "WEBSITE", url } },
    { type: "MEDIA", media_key: "3_1" },
  ],
});
const button = (destination: Record<string, unknown>): unknown => ({
  account_id: "a1",
  name: "card",
  components: [
    {
      type: "BUTTON",
      label: { type: "ENUM", value: "INSTALL" },
      destination: { type: "APP", country_code: "US", ...destination },
    },
    { type: "MEDIA", media_key: "1_2" },
  ],
});
const URL_PARAMETER = "components[0].destination.url";

describe("web destinations (card website url, landing and tracking URLs)", () => {
  it.each(["https://example.com", "http://example.com/a?b=c#d", "HTTPS://Example.com/x"])(
    "accept %s",
    (url) => {
      expectValid("cards.create", website(url));
    },
  );

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/file",
    "myapp://open",
    "https:example.com",
    "//example.com/x",
    "/relative/path",
    "example.com",
  ])("refuse %s: only absolute http(s) URLs", (url) => {
    const violation = expectViolation(
      "cards.create",
      website(url),
      URL_PARAMETER,
      "INVALID_PARAMETER",
    );
    expect(violation.message).toMatch(/must be an absolute (http:\/\/ or https:\/\/ )?URL/);
  });

  it("refuse spaces, control characters and over-long URLs", () => {
    expectViolation(
      "cards.create",
      website("https://example.com/a b"),
      URL_PARAMETER,
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.create",
      website(" https://example.com"),
      URL_PARAMETER,
      "INVALID_PARAMETER",
    );
    expectViolation(
      "cards.create",
      website("java\tscript:alert(1)"),
      URL_PARAMETER,
      "INVALID_PARAMETER",
    );
    const long = `https://example.com/${"a".repeat(LIMITS.urlLength)}`;
    expectViolation("cards.create", website(long), URL_PARAMETER, "TOO_LONG");
  });

  it("apply to tracking tags, media creatives and video calls to action", () => {
    const tag = { account_id: "a1", tracking_tag_id: "t1" };
    expectValid("tracking_tags.update", { ...tag, tracking_tag_url: "https://t.example/p?x=1" });
    expectViolation(
      "tracking_tags.update",
      { ...tag, tracking_tag_url: "javascript:void(0)" },
      "tracking_tag_url",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "media_creatives.create",
      { account_id: "a1", account_media_id: "m1", line_item_id: "l1", landing_url: "data:," },
      "landing_url",
      "INVALID_PARAMETER",
    );
    const post = {
      account_id: "a1",
      as_user_id: "1",
      text: "t",
      media_keys: "13_1",
      video_cta: "VISIT_SITE",
    };
    expectValid("posts.create", { ...post, video_cta_value: "https://example.com" });
    expectViolation(
      "posts.create",
      { ...post, video_cta_value: "javascript:alert(1)" },
      "video_cta_value",
      "INVALID_PARAMETER",
    );
  });

  it("a huge URL parameter is refused by its size cap alone", () => {
    const found = violationsOf("tracking_tags.update", {
      account_id: "a1",
      tracking_tag_id: "t1",
      tracking_tag_url: `https://x.example/${"a".repeat(200_000)}`,
    });
    expect(found).toEqual([
      expect.objectContaining({ code: "TOO_LONG", parameter: "tracking_tag_url" }),
    ]);
  });
});

describe("app links (deep links, OAuth callbacks)", () => {
  it("accept app schemes and web URLs", () => {
    expectValid(
      "cards.create",
      button({ googleplay_app_id: "com.example.app", googleplay_deep_link: "myapp://item/1" }),
    );
    expectValid(
      "cards.create",
      button({ ios_app_store_identifier: "333903271", ios_deep_link: "https://example.com/app" }),
    );
    expectValid("oauth.request_token", { oauth_callback: "myapp://oauth/callback" });
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:,x",
    "vbscript:x",
    "file:///x",
    "blob:https://example.com/6f1c0e4a-2b1f-4d7e-9a55-1d2c3b4a5f60",
    "Blob:https://example.com/x",
    "filesystem:https://example.com/temporary/x",
    "about:blank",
    "about:srcdoc",
  ])("refuse %s", (link) => {
    const violation = expectViolation(
      "cards.create",
      button({ googleplay_app_id: "com.example.app", googleplay_deep_link: link }),
      "components[0].destination.googleplay_deep_link",
      "INVALID_PARAMETER",
    );
    expect(violation.message).toContain("must not use the");
    expectViolation(
      "oauth.request_token",
      { oauth_callback: link },
      "oauth_callback",
      "INVALID_PARAMETER",
    );
  });

  it("refuse what is not a URI at all", () => {
    expectViolation(
      "cards.create",
      button({ ios_app_store_identifier: "1", ios_deep_link: "not a link" }),
      "components[0].destination.ios_deep_link",
      "INVALID_PARAMETER",
    );
  });
});

describe("webhook URLs never point inside a network (issue 34)", () => {
  it.each([
    ["https://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is a cloud metadata address/],
    ["https://2852039166/", /169\.254\.169\.254 is a cloud metadata/],
    ["https://0251.0376.0251.0376/", /cloud metadata/],
    ["https://0xa9fea9fe/", /cloud metadata/],
    ["https://169.254.169.254./", /cloud metadata/],
    ["https://%31%36%39.254.169.254/", /cloud metadata/],
    ["https://[::ffff:169.254.169.254]/", /carrying 169\.254\.169\.254.*cloud metadata/],
    ["https://[::ffff:a9fe:a9fe]/", /carrying 169\.254\.169\.254/],
    ["https://[fd00:ec2::254]/", /cloud metadata/],
    ["https://100.100.100.200/", /cloud metadata/],
    ["https://192.0.0.192/", /cloud metadata/],
    ["https://10.0.0.1/hook", /10\.0\.0\.1 is a private address \(10\.0\.0\.0\/8\)/],
    ["https://10.1/hook", /10\.0\.0\.1 is a private address/],
    ["https://172.16.5.4/", /private/],
    ["https://192.168.1.1/", /private/],
    ["https://100.64.0.1/", /carrier-grade NAT/],
    ["https://169.254.1.1/", /link-local/],
    ["https://[fe80::1]/", /link-local/],
    ["https://[fd00::1]/", /unique-local/],
    ["https://0.0.0.0/", /unspecified/],
    ["https://[::]/", /unspecified/],
    ["https://224.0.0.1/", /multicast/],
    ["https://[ff02::1]/", /multicast/],
    ["https://255.255.255.255/", /broadcast/],
    ["https://192.0.2.1/", /documentation/],
    ["https://198.18.0.1/", /benchmarking/],
    ["https://[64:ff9b::a00:1]/", /carrying 10\.0\.0\.1/],
    ["https://[2002:c0a8:101::]/", /carrying 192\.168\.1\.1/],
    ["https://metadata.google.internal/", /local name/],
    ["https://metadata/computeMetadata/v1/", /local name/],
    ["https://printer.local/", /local name/],
  ])("refuse %s naming url and the rule", (url, message) => {
    const violation = expectViolation("webhooks.create", { url }, "url", "INVALID_PARAMETER");
    expect(violation.message).toMatch(/must not point inside a network/);
    expect(violation.message).toMatch(message);
  });

  it.each([
    "https://hooks.example.com/x",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    // Loopback hosts are ads-api's to refuse: its development setting may allow local receivers.
    "http://127.0.0.1:8080/hook",
    "http://127.1:8080/hook",
    "http://localhost./hook",
    "http://app.localhost/hook",
    "http://[::1]/hook",
  ])("take %s", (url) => {
    expectValid("webhooks.create", { url });
  });
});
