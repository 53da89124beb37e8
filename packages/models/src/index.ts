export {
  formatTimestamp,
  isTimestamp,
  parseTimestamp,
  addMonthsUtc,
  isWholeHour,
  MS_PER_DAY,
  MS_PER_HOUR,
} from "./timestamp.js";
export { LIMITS, SHA256_HEX_LENGTH } from "./limits.js";
export { jsonDepthExceeds } from "./json-depth.js";
export { textProblem } from "./fields/text-safety.js";
export type { TextSafetyOptions } from "./fields/text-safety.js";
export {
  ModelsError,
  ValidationError,
  UnknownEndpointError,
  MODELS_ERROR_CODES,
  toModelsError,
} from "./errors.js";
export type { ModelsErrorCode } from "./errors.js";
export { VIOLATION_CODES, formatPath } from "./violations.js";
export { WIRE_ERROR_CODES, WIRE_ERROR_STATUS, WIRE_ERROR_MESSAGES } from "./wire-errors.js";
export type { WireErrorCode, WireErrorName } from "./wire-errors.js";
export type { Violation, ViolationCode } from "./violations.js";
export { hideShownValue } from "./issue-to-violation.js";
export { adsId, digitId, timestamp, localMicro, currencyCode, openEnum } from "./scalars.js";
export type { OpenEnum } from "./scalars.js";

export {
  requestEchoSchema,
  singleEnvelope,
  listEnvelope,
  collectionEnvelope,
  batchEnvelope,
  apiErrorSchema,
  operationErrorsSchema,
  errorBodySchema,
  BATCH_OPERATION_TYPES,
} from "./envelopes.js";
export type {
  RequestEcho,
  SingleEnvelope,
  ListEnvelope,
  CollectionEnvelope,
  BatchEnvelope,
  ApiError,
  ErrorBody,
} from "./envelopes.js";

export {
  accountSchema,
  industryTypeSchema,
  INDUSTRY_TYPES,
  authenticatedUserAccessSchema,
  USER_ACCESS_PERMISSIONS,
} from "./resources/account.js";
export type { Account, IndustryType, AuthenticatedUserAccess } from "./resources/account.js";
export {
  campaignSchema,
  budgetOptimizationSchema,
  entityStatusSchema,
  BUDGET_OPTIMIZATIONS,
  ENTITY_STATUSES,
} from "./resources/campaign.js";
export type { Campaign } from "./resources/campaign.js";
export {
  fundingInstrumentSchema,
  fundingInstrumentTypeSchema,
  FUNDING_INSTRUMENT_TYPES,
} from "./resources/funding-instrument.js";
export type { FundingInstrument } from "./resources/funding-instrument.js";
export {
  accountMediaSchema,
  creativeTypeSchema,
  CREATIVE_TYPES,
  mediaKey,
  mediaLibraryObjectSchema,
  MEDIA_TYPES,
} from "./resources/media.js";
export type { AccountMedia, MediaLibraryObject } from "./resources/media.js";
export { draftPostSchema } from "./resources/draft-post.js";
export type { DraftPost } from "./resources/draft-post.js";
export {
  cardComponentSchema,
  mediaComponentSchema,
  swipeableMediaComponentSchema,
  detailsComponentSchema,
  buttonComponentSchema,
  labelSchema,
  websiteDestinationSchema,
  appDestinationSchema,
  LABEL_VALUES,
  COMPONENT_TYPES,
} from "./resources/card-components.js";
export type { CardComponent } from "./resources/card-components.js";
export {
  cardSchema,
  pollCardSchema,
  conversationCardSchema,
  cardUri,
  CARD_URI_LENGTH,
  CARD_TYPES,
} from "./resources/card.js";
export type { Card, PollCard, ConversationCard } from "./resources/card.js";
export { contentCategorySchema, iabCategorySchema } from "./resources/categories.js";
export type { ContentCategory, IabCategory } from "./resources/categories.js";
export {
  customAudienceSchema,
  audiencePermissionSchema,
  permissionLevelSchema,
  PERMISSION_LEVELS,
  keywordInsightSchema,
  doNotReachListSchema,
  targetedAudienceEntrySchema,
  targetingCriterionResourceSchema,
  usersBatchResultSchema,
  AUDIENCE_FEATURES,
  AUDIENCE_TYPES,
} from "./resources/audiences.js";
export type {
  CustomAudience,
  AudiencePermission,
  KeywordInsight,
  DoNotReachList,
  TargetedAudienceEntry,
  TargetingCriterionResource,
  UsersBatchResult,
} from "./resources/audiences.js";
export { AUDIENCE_IDENTIFIER_KINDS } from "./params/users-batch.js";
export { AUDIENCE_IDENTIFIER_ALIASES, audienceIdentifierKind } from "./params/users-batch.js";
export type { AudienceIdentifierKind } from "./params/users-batch.js";
export {
  promotedAccountSchema,
  trackingTagSchema,
  trackingTagTypeSchema,
  TRACKING_TAG_TYPES,
  promotedPostSchema,
  mediaCreativeSchema,
  lineItemCuratedCategorySchema,
  audienceEstimateSchema,
} from "./resources/line-item-attachments.js";
export type {
  PromotedAccount,
  TrackingTag,
  TrackingTagType,
  PromotedPost,
  MediaCreative,
  LineItemCuratedCategory,
  AudienceEstimate,
} from "./resources/line-item-attachments.js";
export {
  adsPostSchema,
  adsPostEntitiesSchema,
  postPreviewSchema,
  draftPreviewResultSchema,
  scheduledPostSchema,
  postTypeSchema,
  POST_TYPES,
  TIMELINE_TYPES,
  CONVERSATION_SETTINGS,
  VIDEO_CTAS,
  SCHEDULED_STATUSES,
} from "./resources/posts.js";
export type {
  AdsPost,
  PostPreview,
  PostType,
  ConversationSetting,
  DraftPreviewResult,
  ScheduledPost,
} from "./resources/posts.js";
export {
  dataPostSchema,
  dataMediaSchema,
  dataUserSchema,
  dataLookupErrorSchema,
  dataPostsLookupSchema,
  dataPostGetSchema,
  dataPostCreateResultSchema,
  postPublicMetricsSchema,
  postEntitiesSchema,
  postReferenceSchema,
  REFERENCE_TYPES,
} from "./resources/post-data.js";
export type {
  DataPost,
  DataMedia,
  DataUser,
  DataLookupError,
  DataPostsLookup,
  DataPostGet,
  DataPostCreateResult,
  PostPublicMetrics,
  PostEntities,
  PostReference,
} from "./resources/post-data.js";
export {
  accountAppSchema,
  accountHistoryEntrySchema,
  ACCOUNT_HISTORY_ENTITY_TYPES,
  INVOICE_JURISDICTIONS,
  TAX_CATEGORIES,
  biddingRuleSchema,
  advertiserBusinessCategorySchema,
  placementSchema,
  PLACEMENT_PRODUCT_TYPES,
  userSettingsSchema,
  taxSettingsSchema,
} from "./resources/records.js";
export type {
  AccountApp,
  AccountHistoryEntry,
  BiddingRule,
  AdvertiserBusinessCategory,
  Placement,
  UserSettings,
  TaxSettings,
} from "./resources/records.js";
export {
  requestTokenResultSchema,
  accessTokenResultSchema,
  bearerTokenResultSchema,
  invalidatedTokenResultSchema,
} from "./resources/oauth.js";
export type {
  RequestTokenResult,
  AccessTokenResult,
  BearerTokenResult,
  InvalidatedTokenResult,
} from "./resources/oauth.js";
export {
  activityEventSchema,
  activitySubscriptionSchema,
  activitySubscriptionAnswerSchema,
  activitySubscriptionListSchema,
  activityFilterSchema,
  ACTIVITY_EVENT_TYPES,
  DEPRECATED_ACTIVITY_EVENT_TYPES,
  DEPRECATED_ACTIVITY_EVENT_REPLACEMENTS,
  currentEventType,
  ACTIVITY_DIRECTIONS,
  ACTIVITY_STREAM_STARTS_AFTER_HEADER,
} from "./resources/activity.js";
export { WEBHOOK_LIMITS } from "./webhook-limits.js";
export {
  webhookSchema,
  webhookAnswerSchema,
  webhookListSchema,
  webhookDeleteAnswerSchema,
  webhookReplayAnswerSchema,
  webhookDeliverySchema,
  WEBHOOK_DELIVERY_STATES,
  webhookDeliveryRecordSchema,
  webhookDeliveryLogSchema,
} from "./resources/webhooks.js";
export type {
  Webhook,
  WebhookAnswer,
  WebhookList,
  WebhookDeleteAnswer,
  WebhookReplayAnswer,
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookDeliveryRecord,
  WebhookDeliveryLog,
} from "./resources/webhooks.js";
export { parseReplayDate, REPLAY_DATE_RULE } from "./fields/replay-dates.js";
export {
  classifyHost,
  describeInternal,
  internalAddress,
  isIpAddress,
  isLoopbackHost,
  normalHost,
} from "./network/internal-hosts.js";
export type { HostClass, InternalAddress, InternalKind } from "./network/internal-hosts.js";
export { countryOfLocation, COUNTRY_TARGETING_VALUES } from "./fields/country-code.js";
export type {
  ActivityEvent,
  ActivityEventType,
  ActivitySubscription,
  ActivitySubscriptionAnswer,
  ActivitySubscriptionList,
} from "./resources/activity.js";
export {
  lineItemSchema,
  lineItemObjectiveSchema,
  lineItemProductTypeSchema,
  lineItemPlacementSchema,
  bidStrategySchema,
  payBySchema,
  LINE_ITEM_OBJECTIVES,
  LINE_ITEM_PRODUCT_TYPES,
  LINE_ITEM_PLACEMENTS,
  BID_STRATEGIES,
  PAY_BY_VALUES,
} from "./resources/line-item.js";
export type { LineItem } from "./resources/line-item.js";
export { CATEGORIES_OBJECTIVE } from "./rules/line-item.js";
export {
  PROMOTED_ACCOUNT_PRODUCT_TYPES,
  holdsPromotedAccounts,
} from "./rules/promoted-accounts.js";
export {
  accountFeatureSchema,
  reachEstimateSchema,
  appListSchema,
  videoSchema,
  promotableUserSchema,
  PROMOTABLE_USER_TYPES,
} from "./resources/unspecified.js";
export type { ReachEstimate, AppList, Video, PromotableUser } from "./resources/unspecified.js";

export { catalog, endpoints, getEndpoint, findEndpoint, isEndpointId } from "./catalog/catalog.js";
export type { Catalog, EndpointId } from "./catalog/catalog.js";
export { pathParameterNames } from "./catalog/endpoint.js";
export type {
  Endpoint,
  AnyEndpoint,
  EndpointParams,
  EndpointParsedParams,
  EndpointResult,
  HttpMethod,
  HostRole,
  ApiVersion,
  AuthKind,
  ParamLocation,
  LookupSpec,
  BatchLimits,
  PageSizes,
  Freshness,
} from "./catalog/endpoint.js";
export { RESOURCES, resourceOf, resourceOfList } from "./catalog/resources.js";
export type { Resource, AnyResource, ResourceReadId, ResourceOf } from "./catalog/resources.js";
export { CAPABILITIES } from "./catalog/capabilities.js";
export type { Capability } from "./catalog/capabilities.js";
export type { ResponseKind, ResponseSpec } from "./catalog/responses.js";
export { POST_FIELDS, POST_EXPANSIONS, MEDIA_FIELDS, USER_FIELDS } from "./catalog/post-data.js";
export type { PostField, PostExpansion, MediaField, UserField } from "./catalog/post-data.js";
export {
  audienceSegmentSchema,
  countLeafSegments,
  leafSegments,
  FREQUENCY_COMPARATORS,
  BOOLEAN_OPERATORS,
} from "./params/audience-segments.js";
export type { AudienceSegment, LeafSegment } from "./params/audience-segments.js";
export {
  OPERATOR_TYPES,
  PRIMARY_TARGETING_TYPES,
  TARGETING_TYPES,
  effectiveOperator,
  operatorTypeSchema,
  targetingCriterionSchema,
} from "./params/targeting-criteria.js";
export type {
  OperatorType,
  TargetingCriterion,
  TargetingType,
} from "./params/targeting-criteria.js";
export type { MediaKind, MediaKindResolver, RuleContext } from "./rules/context.js";
export type { MediaKeyRef } from "./fields/media-keys.js";
export { splitCommaList } from "./fields/lists.js";
export { idListMax } from "./fields/size-rules.js";

export { validateParams, parseParams } from "./validate.js";
export type { ValidateOptions, ValidationResult } from "./validate.js";
export { toWire, toWireString } from "./wire.js";
export type { WireRequest } from "./wire.js";
export { fromVendor, toVendor, VENDOR_KEY_ALIASES } from "./vendor-names.js";
export { changedFields, readOnlyConflicts, sameOnWire, splitReadOnly } from "./update-rule.js";
export { booleanWord } from "./fields/booleans.js";
export {
  ANALYTICS_ENTITIES,
  ANALYTICS_ENTITY_ALIASES,
  METRIC_GROUPS,
  METRICS_BY_GROUP,
  metricGroupsFor,
  metricsFor,
} from "./resources/analytics-metrics.js";
export type {
  AnalyticsEntity,
  MetricGroup,
  MetricKind,
  MetricSpec,
} from "./resources/analytics-metrics.js";
export {
  ANALYTICS_PLACEMENTS,
  GRANULARITIES,
  JOB_STATUSES,
  SEGMENTATION_NEEDS_COUNTRY,
  SEGMENTATION_NEEDS_PLATFORM,
  SEGMENTATION_TYPES,
  activeEntitiesAnswerSchema,
  activeEntitySchema,
  metricValueSchema,
  statsAnswerSchema,
  statsEntrySchema,
  statsJobSchema,
} from "./resources/analytics.js";
export type {
  ActiveEntity,
  AnalyticsPlacement,
  Granularity,
  JobStatus,
  MetricValue,
  SegmentationType,
  StatsAnswer,
  StatsEntry,
  StatsJob,
} from "./resources/analytics.js";
