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
