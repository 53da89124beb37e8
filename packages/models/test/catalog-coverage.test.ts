import { describe, expect, it } from "vitest";
import { endpoints, findEndpoint } from "../src/index.js";
import { readSpecEndpoints } from "./spec-tables.js";

describe("catalog covers spec §4, §6 and §9's replay endpoint", () => {
  const spec = readSpecEndpoints();

  it("reads every endpoint row of the spec", () => {
    // Guard against a parser that silently finds nothing: every §4 table and §6 contribute.
    const sections = new Set(spec.map((entry) => entry.section));
    expect([...sections].sort()).toEqual([
      "4.1",
      "4.3",
      "4.4",
      "4.5",
      "4.6",
      "4.7",
      "4.8",
      "4.9",
      "6",
      "9",
    ]);
    const ofSpec = endpoints.filter((entry) => entry.beyondSpec === null);
    expect(spec.length).toBeGreaterThanOrEqual(ofSpec.length);
  });

  it("has an entry for every method + host + version + path of the spec", () => {
    const missing = spec
      .filter(
        (entry) =>
          !entry.paths.some((path) => findEndpoint(entry.method, entry.host, entry.version, path)),
      )
      .map(
        (entry) =>
          `${entry.method} ${entry.host} ${String(entry.version)} ${entry.paths.join(" | ")}  ← ${entry.row}`,
      );
    expect(missing).toEqual([]);
  });

  it("holds no endpoint the spec does not list", () => {
    const listed = new Set(
      spec.flatMap((entry) =>
        entry.paths.map((path) => `${entry.method} ${entry.host} ${String(entry.version)} ${path}`),
      ),
    );
    const extra = endpoints
      .filter((entry) => entry.beyondSpec === null)
      .map((entry) => `${entry.method} ${entry.host} ${String(entry.version)} ${entry.path}`)
      .filter((key) => !listed.has(key));
    expect(extra).toEqual([]);
  });

  /** Issue 33's ad workflow endpoints, each naming the vendor's reference. */
  const ISSUE_33 = new Set([
    "cards.poll.delete",
    "features.list",
    "line_items.batch",
    "draft_posts.create",
    "draft_posts.get",
    "draft_posts.list",
    "media_library.create",
    "media_library.get",
    "media_library.list",
    "media_library.update",
    "scheduled_posts.create",
    "scheduled_posts.get",
    "scheduled_posts.list",
    "promoted_posts.create",
    "promoted_posts.delete",
    "promoted_posts.get",
    "promotable_users.list",
    "promotable_users.get",
    "tax_settings.get",
  ]);

  it("marks only line items and the curated-link reads (issue 15), targeting criteria (issue 17), activity subscriptions' list and delete and the webhook registration (issue 18), the webhook delivery log (issue 34), issue 33's workflow and client endpoints, and issue 36's analytics as beyond the spec, each with its source", () => {
    const beyond = endpoints.filter((entry) => entry.beyondSpec !== null);
    expect(beyond.map((entry) => entry.id).sort()).toEqual([
      "activity.subscriptions.delete",
      "activity.subscriptions.list",
      "cards.poll.delete",
      "draft_posts.create",
      "draft_posts.get",
      "draft_posts.list",
      "features.list",
      "line_item_curated_categories.get",
      "line_item_curated_categories.list",
      "line_items.batch",
      "line_items.create",
      "line_items.delete",
      "line_items.get",
      "line_items.list",
      "line_items.update",
      "media_library.create",
      "media_library.get",
      "media_library.list",
      "media_library.update",
      "post_data.posts.get",
      "promotable_users.get",
      "promotable_users.list",
      "promoted_posts.create",
      "promoted_posts.delete",
      "promoted_posts.get",
      "scheduled_posts.create",
      "scheduled_posts.get",
      "scheduled_posts.list",
      "stats.active_entities.list",
      "stats.get",
      "stats.jobs.create",
      "stats.jobs.delete",
      "stats.jobs.list",
      "stats.jobs.result",
      "targeting_criteria.create",
      "targeting_criteria.delete",
      "targeting_criteria.get",
      "targeting_criteria.list",
      "tax_settings.get",
      "webhooks.create",
      "webhooks.delete",
      "webhooks.deliveries.list",
      "webhooks.list",
      "webhooks.validate",
    ]);
    for (const entry of beyond) {
      expect(entry.beyondSpec).toMatch(
        ISSUE_33.has(entry.id)
          ? /issue 33: .*vendor('s)? v12 (Ads API )?reference/
          : entry.id === "post_data.posts.get"
            ? /issue 33: the vendor's v2 reference GET \/2\/tweets\/:id/
            : entry.id.startsWith("stats.")
              ? /issue 36: vendor v12 analytics reference/
              : entry.id.startsWith("activity.") || entry.id.startsWith("webhooks.")
                ? /issue 18/
                : entry.id.startsWith("line_items.")
                  ? /line_items_/
                  : entry.id.startsWith("targeting_criteria.")
                    ? /targeting_criteria endpoints/
                    : /GET line_item_curated_categories/,
      );
    }
  });

  it("requires each form of a `[/:id]` row on its own", () => {
    const row =
      "| GET / POST / DELETE | /12/accounts/:account_id/things/:thing_id/permissions[/:permission_id] | x |";
    const forms = readSpecEndpoints(`## 4. Endpoints\n### 4.8 Audiences\n${row}\n`).map(
      (entry) => `${entry.method} ${entry.paths.join(" | ")}`,
    );
    expect(forms).toEqual([
      "GET /accounts/:account_id/things/:thing_id/permissions",
      "GET /accounts/:account_id/things/:thing_id/permissions/:permission_id",
      "POST /accounts/:account_id/things/:thing_id/permissions",
      "DELETE /accounts/:account_id/things/:thing_id/permissions/:permission_id",
    ]);
    expect(
      findEndpoint(
        "GET",
        "ads",
        "12",
        "/accounts/:account_id/custom_audiences/:custom_audience_id/permissions/:custom_audience_permission_id",
      )?.id,
    ).toBe("custom_audiences.permissions.get");
  });

  it("handles the spec's quirks", () => {
    expect(findEndpoint("POST", "ads-sandbox", "12", "/accounts")?.id).toBe("accounts.create");
    expect(
      findEndpoint(
        "DELETE",
        "ads",
        "12",
        "/accounts/:account_id/custom_audiences/:custom_audience_id",
      )?.id,
    ).toBe("custom_audiences.delete");
    expect(
      findEndpoint(
        "POST",
        "ads",
        "5",
        "/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions",
      )?.id,
    ).toBe("tailored_audiences.permissions.create");
    expect(findEndpoint("POST", "base", "1.1", "/oauth/invalidate_token")?.id).toBe(
      "oauth.invalidate_token",
    );
    expect(findEndpoint("POST", "base", null, "/oauth2/token")?.id).toBe("oauth2.token");
    expect(findEndpoint("GET", "base", "2", "/activity/stream")?.id).toBe("activity.stream");
  });
});
