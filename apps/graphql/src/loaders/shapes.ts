import type {
  Account,
  AccountMedia,
  AuthenticatedUserAccess,
  Campaign,
  AudiencePermission,
  Card,
  ConversationCard,
  CustomAudience,
  DoNotReachList,
  FundingInstrument,
  IabCategory,
  LineItem,
  LineItemCuratedCategory,
  MediaCreative,
  PollCard,
  PromotedAccount,
  PromotedPost,
  TargetedAudienceEntry,
  TrackingTag,
} from "@adsgraph/models";

/**
 * What resolvers receive: the upstream resource as the catalog types it, plus the account it
 * was read from (every advertising read names one; not every resource carries it).
 */
export type Owned<T> = T & { readonly account_id: string };

export type AccountShape = Account;
export type CampaignShape = Owned<Campaign>;
export type FundingInstrumentShape = Owned<FundingInstrument>;
/** A line item (beyond the spec: issue 15, fields of the recorded vendor responses). */
export type LineItemShape = Owned<LineItem>;
export type AccountMediaShape = Owned<AccountMedia>;
export type UserAccessShape = Owned<AuthenticatedUserAccess>;
export type IabCategoryShape = IabCategory;

/** Which cards endpoint a card came from (spec §4.7 lists each kind apart). */
export type CardKind = "generic" | "poll" | "video_conversation" | "image_conversation";
export type GenericCardShape = Owned<Card> & { readonly card_kind: "generic" };
export type PollCardShape = Owned<PollCard> & { readonly card_kind: "poll" };
export type ConversationCardShape<
  Kind extends "video_conversation" | "image_conversation" =
    "video_conversation" | "image_conversation",
> = Owned<ConversationCard> & { readonly card_kind: Kind };
export type CardShape = GenericCardShape | PollCardShape | ConversationCardShape;

/** spec §2.11 line item attachments (§4.6). */
export type MediaCreativeShape = Owned<MediaCreative>;
export type PromotedAccountShape = Owned<PromotedAccount>;
export type PromotedPostShape = Owned<PromotedPost>;
export type TrackingTagShape = Owned<TrackingTag>;
export type LineItemCuratedCategoryShape = Owned<LineItemCuratedCategory>;

/** spec §2.10 audiences (§4.8), as the account read them sees them (its own or shared with it). */
export type CustomAudienceShape = Owned<CustomAudience>;
/** A grant of a custom audience (the v12 path's answer names it `custom_audience_id`). */
export type AudiencePermissionShape = Owned<AudiencePermission>;
/** spec §4.8 `custom_audiences/:id/targeted`: one campaign and its line items targeting it. */
export type TargetedEntryShape = Owned<TargetedAudienceEntry>;
/** spec §2.11, §8: the account's one do-not-reach list. */
export type DoNotReachListShape = Owned<DoNotReachList>;
