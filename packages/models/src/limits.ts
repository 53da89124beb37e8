/**
 * Every numeric limit of the spec (§4 and §8), written once. Schemas, rules and tests read
 * these names; a test (`test/limits-once.test.ts`) fails if a distinctive value is written
 * anywhere else in `src/`.
 */
/** §2.3 / §8: campaign names (also the longest `q`, which matches a prefix of a name). */
const CAMPAIGN_NAME_MAX = 255;
/** §8: card, draft, post and scheduled post names (also the longest card `q`). */
const CREATIVE_NAME_MAX = 80;
/** §6 "25,000+ rules per project"; the vendor's longest post (characters) is the same number. */
const TWENTY_FIVE_THOUSAND = 25_000;

export const LIMITS = {
  /** §2.1: advertising ids are "short alphanumeric strings"; this service issues 8 (media keys ~25). */
  adsIdLength: 64,
  /** §2.1: user and post ids are 64-bit integers, so at most 20 digits. */
  digitIdLength: 20,
  /**
   * §2.1 timestamps, as years: PostgreSQL has no year 0000, and nothing this service dates
   * (flights, windows, history) precedes the Unix epoch; four digits end at 9999.
   */
  timestampYears: { min: 1970, max: 9999 },
  /** §4.2 / §8: list `count`, default 200, 1 to 1000. */
  listCount: { min: 1, max: 1000, default: 200 },
  /** §4.7 / §8: cards list `count`, default 100, 1 to 200. */
  cardsCount: { min: 1, max: 200, default: 100 },
  /** Beyond the spec (vendor v12 draft_tweets, scheduled_tweets): list `count`, default 100, 1 to 200. */
  unpublishedPostsCount: { min: 1, max: 200, default: 100 },
  /** Beyond the spec (vendor v12 media_library): list `count`, default 20, 1 to 50. */
  mediaLibraryCount: { min: 1, max: 50, default: 20 },
  /**
   * Beyond the spec (vendor v12 media_library create): name and file name lengths; a video's
   * title and description are those of a post's video (videoTitle, videoDescription).
   */
  mediaLibraryName: 100,
  mediaFileName: CAMPAIGN_NAME_MAX,
  /** §4.2 / §8: ids in one comma-separated list parameter. */
  idsPerList: 200,
  /** Beyond the spec (issue 33): the vendor's v12 POST promoted_tweets takes up to 50 post ids. */
  postsPerPromotion: 50,
  /** §8: requests carrying with_total_count=true, per window (not enforced here: a rate limit). */
  totalCountRequests: { perWindow: 200, windowMinutes: 15 },
  /** §4.5 / §8: active campaigns per account; raisable on request. Server-side state, not a parameter rule. */
  activeCampaigns: { default: 200, raised: 8000 },
  /** §4.3, §4.5: `q` prefix search on accounts and campaigns (a prefix is never longer than a name). */
  queryLength: { min: 1, max: CAMPAIGN_NAME_MAX },
  /** §4.7: `q` on card lists. */
  cardQueryLength: { min: 1, max: CREATIVE_NAME_MAX },
  /** §2.3 / §8. */
  campaignName: CAMPAIGN_NAME_MAX,
  /** Line items are beyond the spec: their names get the campaign limit. */
  lineItemName: CAMPAIGN_NAME_MAX,
  /** §4.4: a PREROLL_VIEWS line item sets one or two advertiser business categories. */
  lineItemCategories: { min: 1, max: 2 },
  /** RFC 1035 §2.3.4: a domain name (line item advertiser_domain) is at most 253 characters. */
  domainNameLength: 253,
  purchaseOrderNumber: 50,
  /** §8: card, draft, post and scheduled post names. */
  creativeName: CREATIVE_NAME_MAX,
  /** §4.7 / §8: video title / description on posts. */
  videoTitle: 70,
  videoDescription: 200,
  /** §4.7 / §8: poll cards. */
  pollChoice: 25,
  pollDurationMinutes: { min: 5, max: 10080 },
  /** §2.8 / §8: SWIPEABLE_MEDIA component. */
  swipeableMedia: { min: 2, max: 6 },
  /** §4.7 / §8: media per post: 4 images, or 1 animated GIF, or 1 video. */
  mediaPerPost: { image: 4, gif: 1, video: 1 },
  /** §4.7: video conversation card texts. */
  conversationCta: 20,
  conversationText: 23,
  /**
   * Beyond the spec (issue 36, vendor v12 analytics reference): entity ids per request,
   * the longest range of a synchronous request, of a job (45 days when segmented) and of an
   * active-entities request, jobs processing at once per account, synchronous requests per
   * user token and window, job ids per jobs list.
   */
  analytics: {
    entityIds: 20,
    syncDays: 7,
    jobDays: 90,
    segmentedJobDays: 45,
    activeEntitiesDays: 90,
    concurrentJobs: 100,
    syncPerWindow: 250,
    jobIdsPerList: 200,
  },
  /** §4.8 / §8: keyword insights. */
  keywordInsights: { keywords: 10, windowDays: 7, relatedKeywords: 30 },
  /** §4.8 / §8: custom-audience batch. */
  customAudienceBatch: { items: 10, leafSegments: 10 },
  /** §4.8: allowed lookback windows in days. */
  lookbackWindowDays: [1, 7, 14, 30] as const,
  /** §8: audience users and do-not-reach users batches. */
  usersBatch: { operations: 2500, bytes: 5_000_000, requestsPerWindow: 1500, windowMinutes: 1 },
  /** §4.8 / §8: do-not-reach expires_at must be under this many months ahead. */
  doNotReachExpiryMonths: 13,
  /** §8: one do-not-reach list per account (server-side state). */
  doNotReachListsPerAccount: 1,
  /** §8: a post may be edited within this many hours of creation (needs the post; not checkable here). */
  postEditWindowHours: 1,
  /**
   * Ids in one post-data lookup (`GET /2/posts?ids=`): the spec gives none; the vendor's v2 API
   * takes at most 100, stricter than §4.2's 200 for advertising lists.
   */
  postLookupIds: 100,
  /**
   * A post's text, in characters: the spec sets no limit; the vendor's longest posts (premium
   * long posts) hold 25,000, so nothing a user can post is refused and storage stays bounded.
   */
  postText: TWENTY_FIVE_THOUSAND,
  /** §6: filtered-stream rule length (no endpoint in the catalog takes rules). */
  streamRuleLength: 2048,
  /** §6: "25,000+ rules per project" is a floor, not a limit. */
  streamRulesPerProject: TWENTY_FIVE_THOUSAND,

  // Not in the spec: our own bounds on what a request may hold (issue 12), so that no input
  // makes validation, storage or logging do unbounded work. Generous on purpose.
  /**
   * Operations in one campaigns batch: the spec gives no cap (§8's 10 is for custom-audience
   * batches). ads-api's ADS_API_CAMPAIGN_BATCH_MAX defaults to it (ads-api README).
   */
  campaignBatch: 40,
  /** Operations in one line-item batch (vendor v12 reference: "up to 40"). */
  lineItemBatch: 40,
  /** Absolute http(s) URLs in cards, tracking tags and creatives; app deep links. */
  urlLength: 4096,
  /** Opaque list cursors (this service's are HMAC-tagged base64url, well under this). */
  cursorLength: 4096,
  /** OAuth tokens, verifiers and bearer tokens sent as parameters. */
  credentialLength: 1024,
  /** One item of a comma list of free words (keywords, e-mail types): a word or short phrase. */
  wordLength: 128,
  /** Structure of one request's parameters, checked before anything else. */
  input: {
    /** Any string anywhere, when its parameter has no tighter limit. */
    stringLength: 65_536,
    /** Any parameter or field name. */
    nameLength: 128,
    /** Nesting of objects and arrays (flexible audience segments nest). */
    depth: 64,
    /** Values of all kinds, counted over the whole request (a users batch may hold 5 MB). */
    values: 1_000_000,
    /** Violations reported for one request; the rest are left out. */
    violations: 100,
  },
  /**
   * Activity subscriptions one app may hold (issue 18: none of spec §6's; storage stays
   * bounded). The GraphQL facade holds one per user with a live subscription: room for many.
   */
  activitySubscriptionsPerApp: 10_000,
} as const;

/** SHA-256 digests as lowercase hex (§4.8: identifiers are hashed before upload). */
export const SHA256_HEX_LENGTH = 64;
