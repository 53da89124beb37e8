import { endpoints } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import type { Sortable } from "../src/paging/keyset-paging.js";
import { ADS_HANDLERS } from "../src/routes/catalog-routes.js";
import { ACCOUNT_APP_SORT } from "../src/services/account-settings.js";
import { ACCOUNT_SORT } from "../src/services/accounts.js";
import { CAMPAIGN_SORT } from "../src/services/campaigns.js";
import { CARD_SORT } from "../src/services/cards.js";
import { FUNDING_INSTRUMENT_SORT } from "../src/services/funding-instruments.js";
import { LINE_ITEM_SORT } from "../src/services/line-items.js";
import { ACCOUNT_MEDIA_SORT } from "../src/services/media.js";
import { MEDIA_CREATIVE_SORT } from "../src/services/media-creatives.js";
import { PROMOTABLE_USER_SORT } from "../src/services/promotable-users.js";
import { PROMOTED_ACCOUNT_SORT } from "../src/services/promoted-accounts.js";
import { PROMOTED_POST_SORT } from "../src/services/promoted-posts.js";
import { TRACKING_TAG_SORT } from "../src/services/tracking-tags.js";
import { CURATED_LINK_SORT } from "../src/services/curated-categories.js";
import {
  CUSTOM_PERMISSION_SORT,
  TAILORED_PERMISSION_SORT,
} from "../src/services/audience-permissions.js";
import { CUSTOM_AUDIENCE_SORT } from "../src/services/custom-audiences.js";
import { TARGETING_CRITERION_SORT } from "../src/services/targeting-criteria.js";

/** What each served list sorts by: the map its service passes to runList. */
const SERVED: Readonly<Partial<Record<EndpointId, Sortable>>> = {
  "accounts.list": ACCOUNT_SORT,
  "account_apps.list": ACCOUNT_APP_SORT,
  "campaigns.list": CAMPAIGN_SORT,
  "funding_instruments.list": FUNDING_INSTRUMENT_SORT,
  "line_items.list": LINE_ITEM_SORT,
  "cards.list": CARD_SORT.generic,
  "cards.video_conversation.list": CARD_SORT.video_conversation,
  "cards.image_conversation.list": CARD_SORT.image_conversation,
  "cards.poll.list": CARD_SORT.poll,
  "account_media.list": ACCOUNT_MEDIA_SORT,
  "media_creatives.list": MEDIA_CREATIVE_SORT,
  // beyond the spec (issue 33): paged in memory over the account's stored list, by the same keys
  "promotable_users.list": PROMOTABLE_USER_SORT,
  "promoted_accounts.list": PROMOTED_ACCOUNT_SORT,
  "promoted_posts.list": PROMOTED_POST_SORT,
  "tracking_tags.list": TRACKING_TAG_SORT,
  "line_item_curated_categories.list": CURATED_LINK_SORT,
  // spec §4.8 audiences (custom_audiences.list sorts audience_size in SQL over the same keys)
  "custom_audiences.list": CUSTOM_AUDIENCE_SORT,
  "custom_audiences.permissions.list": CUSTOM_PERMISSION_SORT,
  "tailored_audiences.permissions.list": TAILORED_PERMISSION_SORT,
  "targeting_criteria.list": TARGETING_CRITERION_SORT,
};

describe("sort_by (spec §4.2)", () => {
  it("accepts on every served list exactly the attributes its service sorts by", () => {
    const served = endpoints.filter(
      (endpoint) => endpoint.id in ADS_HANDLERS && endpoint.sortable.length > 0,
    );
    expect(served.map((endpoint) => endpoint.id).sort()).toEqual(Object.keys(SERVED).sort());
    for (const endpoint of served) {
      const sortable = SERVED[endpoint.id as EndpointId] ?? {};
      expect([...endpoint.sortable].sort(), endpoint.id).toEqual(Object.keys(sortable).sort());
    }
  });
});
