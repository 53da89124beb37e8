import { observedEnum } from "./enums.js";

// Status and type sets the ads service only "observes": the known values come from the spec,
// the recorded responses and what the service is seen to send; any other value reads as
// UNRECOGNIZED beside its `<field>Raw` string (docs/graphql.md "Enums").

export const ApprovalStatus = observedEnum("ApprovalStatus", {
  description: "Whether the ads service's review accepted an account or an ad.",
  values: { ACCEPTED: "Reviewed and accepted: it may serve." },
});

export const ObservedEntityStatus = observedEnum("ObservedEntityStatus", {
  description:
    "Whether a record (funding instrument, media creative, promoted account or post) is " +
    "switched on.",
  values: {
    ACTIVE: "Switched on: it takes part in delivery.",
    PAUSED: "Switched off by the advertiser: it does not take part in delivery.",
  },
});

export const CampaignEffectiveStatus = observedEnum("CampaignEffectiveStatus", {
  description:
    "Whether a campaign is delivering right now, as the ads service works it out from its " +
    "status, budget, funding and dates.",
  values: {
    RUNNING: "Delivering ads now.",
    UNKNOWN: "The ads service cannot say yet (e.g. a campaign just created).",
  },
});

export const CampaignNotServableReason = observedEnum("CampaignNotServableReason", {
  description: "Why a campaign cannot deliver ads.",
  values: {
    PAUSED_BY_ADVERTISER: "Its status is PAUSED.",
    INCOMPLETE: "It lacks something it needs to run, e.g. a line item.",
    EXPIRED: "Its end time has passed.",
    FUNDING_PROBLEM: "Its funding instrument cannot pay for it.",
    ERROR: "The ads service met an error working it out.",
  },
});

export const FundingInstrumentNotAbleToFundReason = observedEnum(
  "FundingInstrumentNotAbleToFundReason",
  {
    description: "Why a funding instrument cannot pay for campaigns.",
    values: {
      DELETED: "It was deleted.",
      EXPIRED: "Its end time has passed.",
    },
  },
);

export const ObservedCardType = observedEnum("ObservedCardType", {
  description:
    "What kind of card this is: its media and where it sends people (generic cards), a poll " +
    "or a conversation card.",
  values: {
    IMAGE_APP: "A generic card: one image, sending people to an app.",
    IMAGE_CAROUSEL_APP: "A generic card: swipeable images, sending people to an app.",
    IMAGE_CAROUSEL_WEBSITE: "A generic card: swipeable images, sending people to a website.",
    IMAGE_MULTI_DEST_CAROUSEL_WEBSITE:
      "A generic card: swipeable images, each sending people to its own website.",
    IMAGE_WEBSITE: "A generic card: one image, sending people to a website.",
    MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE:
      "A generic card: swipeable images and videos, each sending people to its own website.",
    MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP:
      "A generic card: swipeable images and videos, sending people to one app.",
    MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE:
      "A generic card: swipeable images and videos, sending people to one website.",
    VIDEO_APP: "A generic card: one video, sending people to an app.",
    VIDEO_CAROUSEL_APP: "A generic card: swipeable videos, sending people to an app.",
    VIDEO_CAROUSEL_WEBSITE: "A generic card: swipeable videos, sending people to a website.",
    VIDEO_MULTI_DEST_CAROUSEL_WEBSITE:
      "A generic card: swipeable videos, each sending people to its own website.",
    VIDEO_WEBSITE: "A generic card: one video, sending people to a website.",
    TEXT_POLLS: "A poll card without media.",
    VIDEO_POLLS: "A poll card with a video or image.",
    VIDEO_CONVERSATION: "A video conversation card: a video with hashtag buttons.",
    IMAGE_CONVERSATION: "An image conversation card: an image with hashtag buttons.",
  },
});

export const CustomAudienceListType = observedEnum("CustomAudienceListType", {
  description: "What identifies the people of an uploaded custom audience.",
  values: {
    EMAIL: "E-mail addresses.",
    DEVICE_ID: "Mobile device advertising ids.",
  },
});

export const CustomAudienceTargetableType = observedEnum("CustomAudienceTargetableType", {
  description: "How a line item may use a custom audience.",
  values: {
    CRM: "Target the audience's people (an uploaded list).",
    EXCLUDED_CRM: "Exclude the audience's people (an uploaded list).",
    WEB: "Target the people a website tag collected.",
    EXCLUDED_WEB: "Exclude the people a website tag collected.",
  },
});

export const CustomAudienceNotTargetableReason = observedEnum("CustomAudienceNotTargetableReason", {
  description: "Why line items cannot target a custom audience yet.",
  values: {
    PROCESSING: "Its latest upload of people is still being processed.",
    TOO_SMALL: "It matches too few people to target.",
  },
});

export const CustomAudiencePartnerSource = observedEnum("CustomAudiencePartnerSource", {
  description: "Which data partner supplied a custom audience.",
  values: { OTHER: "No named partner: the advertiser or another source." },
});

export const LineItemPlacementType = observedEnum("LineItemPlacementType", {
  description: "The older single-value summary of where a line item's ads show.",
  values: {
    PROMOTED_ACCOUNT: "An account promoted in follow suggestions.",
    PROMOTED_TWEETS_FOR_SEARCH: "Promoted posts in search results.",
    PROMOTED_TWEETS_FOR_TIMELINES: "Promoted posts in home timelines.",
  },
});

export const MediaCreativeType = observedEnum("MediaCreativeType", {
  description: "The format of the account media a media creative shows.",
  values: {
    BANNER: "A banner in partner apps on phones.",
    BANNER_TABLET: "A banner in partner apps on tablets.",
    INTERSTITIAL: "A full-screen ad in partner apps on phones, upright.",
    INTERSTITIAL_LANDSCAPE: "A full-screen ad in partner apps on phones, sideways.",
    INTERSTITIAL_LANDSCAPE_TABLET: "A full-screen ad in partner apps on tablets, sideways.",
    INTERSTITIAL_TABLET: "A full-screen ad in partner apps on tablets, upright.",
    MEDIUM_RECTANGLE: "A medium rectangle in partner apps.",
    PREROLL: "A video played before other video content.",
    VAST_PREROLL: "A pre-roll video served from an outside ad server (VAST).",
  },
});

export const MediaType = observedEnum("MediaType", {
  description: "What a media library object holds.",
  values: {
    VIDEO: "A video.",
    IMAGE: "A still image.",
    GIF: "An animated GIF.",
  },
});

export const MediaCategory = observedEnum("MediaCategory", {
  description: "What a media library object was uploaded for.",
  values: {
    POST_VIDEO: "A video for posts.",
    POST_IMAGE: "An image for posts.",
    POST_GIF: "An animated GIF for posts.",
  },
});

export const MediaStatus = observedEnum("MediaStatus", {
  description: "How far the ads service got processing an uploaded media library object.",
  values: { TRANSCODE_COMPLETED: "Processed: ready to use in posts and cards." },
});

export const ObservedPlacementProductType = observedEnum("ObservedPlacementProductType", {
  description: "The kind of promoted product a set of placements applies to.",
  values: {
    MEDIA: "Media ads (videos and images outside posts).",
    PROMOTED_ACCOUNT: "Promoted accounts.",
    PROMOTED_POSTS: "Promoted posts.",
    PROMOTED_TWEETS: "Promoted posts, under the ads service's older name.",
  },
});

export const ObservedPlacement = observedEnum("ObservedPlacement", {
  description: "Where ads can show.",
  values: {
    ALL_ON_TWITTER: "Everywhere on the platform the product allows.",
    PUBLISHER_NETWORK: "Partner publishers' apps and sites.",
    TAP_BANNER: "Banners in partner apps.",
    TAP_FULL: "Full-screen ads in partner apps, upright.",
    TAP_FULL_LANDSCAPE: "Full-screen ads in partner apps, sideways.",
    TAP_MRECT: "Medium rectangles in partner apps.",
    TAP_NATIVE: "Native ads in partner apps.",
    TWITTER_PROFILE: "Profile pages.",
    TWITTER_REPLIES: "Replies under posts.",
    TWITTER_SEARCH: "Search results.",
    TWITTER_TIMELINE: "Home timelines.",
  },
});

export const PostMediaType = observedEnum("PostMediaType", {
  description: "What a media item attached to a post is.",
  values: { PHOTO: "A still image.", VIDEO: "A video.", ANIMATED_GIF: "An animated GIF." },
  wireOf: (value) => value.toLowerCase(),
});

export const ReferencedPostType = observedEnum("ReferencedPostType", {
  description: "How a post refers to another post.",
  values: {
    REPLIED_TO: "It replies to the other post.",
    QUOTED: "It quotes the other post.",
    RETWEETED: "It reposts the other post.",
  },
  wireOf: (value) => value.toLowerCase(),
});

export const ScheduledPostStatus = observedEnum("ScheduledPostStatus", {
  description: "Where a scheduled post is in its life.",
  values: {
    SCHEDULED: "Waiting for its scheduled time.",
    COMPLETED: "Published at its scheduled time (postId names the post).",
    DELETED: "Deleted before it was published.",
  },
});
