import type { ActivityEvent } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { UpstreamError } from "../../errors/facade-errors.js";
import { wireTypeOf } from "../../activity/event-types.js";

/** The service's payloads always carry these (its payload shapes are this service's, issue 18). */
function missing(event: ActivityEvent, key: string): UpstreamError {
  return new UpstreamError(
    `The ads service sent a ${event.event_type} event without its \`${key}\`.`,
    { status: null, codes: [] },
  );
}

function text(event: ActivityEvent, key: string): string {
  const value = event.payload[key];
  if (typeof value !== "string") throw missing(event, key);
  return value;
}
function optionalText(event: ActivityEvent, key: string): string | null {
  const value = event.payload[key];
  return typeof value === "string" ? value : null;
}
function flag(event: ActivityEvent, key: string): boolean {
  const value = event.payload[key];
  if (typeof value !== "boolean") throw missing(event, key);
  return value;
}

const USER_ID = "A user id: a string of digits (it may exceed 2^53: never parse it as a number).";

const ProfileBioUpdateRef = builder.objectRef<ActivityEvent>("ProfileBioUpdate").implement({
  description: "What a `PROFILE_UPDATE_BIO` event says: the user's new profile bio.",
  fields: (t) => ({
    bio: t.string({
      description: "The new bio, as the user wrote it.",
      resolve: (event) => text(event, "bio"),
    }),
  }),
});
const ProfileVerifiedUpdateRef = builder
  .objectRef<ActivityEvent>("ProfileVerifiedUpdate")
  .implement({
    description: "What a `PROFILE_UPDATE_VERIFIED` event says: the user's verification now.",
    fields: (t) => ({
      verified: t.boolean({
        description: "True when the user is verified from now on, false when no longer.",
        resolve: (event) => flag(event, "verified"),
      }),
    }),
  });
const ProfileAffiliateUpdateRef = builder
  .objectRef<ActivityEvent>("ProfileAffiliateUpdate")
  .implement({
    description: "What a `PROFILE_UPDATE_AFFILIATE` event says: the user's affiliate badge now.",
    fields: (t) => ({
      affiliate: t.boolean({
        description: "True when the user shows the affiliate badge from now on, false when not.",
        resolve: (event) => flag(event, "affiliate"),
      }),
    }),
  });
const ProfileScreenNameUpdateRef = builder
  .objectRef<ActivityEvent>("ProfileScreenNameUpdate")
  .implement({
    description: "What a `PROFILE_UPDATE_SCREENNAME` event says: the user's new handle.",
    fields: (t) => ({
      screenName: t.string({
        description: "The new handle, without the leading `@`.",
        resolve: (event) => text(event, "screen_name"),
      }),
    }),
  });
const ProfilePictureUpdateRef = builder.objectRef<ActivityEvent>("ProfilePictureUpdate").implement({
  description: "What a `PROFILE_UPDATE_PROFILE_PICTURE` event says: the user's new picture.",
  fields: (t) => ({
    profileImageUrl: t.string({
      description: "Where the new profile picture can be fetched: an absolute URL.",
      resolve: (event) => text(event, "profile_image_url"),
    }),
  }),
});
const ProfileBannerUpdateRef = builder.objectRef<ActivityEvent>("ProfileBannerUpdate").implement({
  description: "What a `PROFILE_UPDATE_BANNER_PICTURE` event says: the user's new banner.",
  fields: (t) => ({
    bannerUrl: t.string({
      description: "Where the new profile banner can be fetched: an absolute URL.",
      resolve: (event) => text(event, "banner_url"),
    }),
  }),
});
const ProfileGeoUpdateRef = builder.objectRef<ActivityEvent>("ProfileGeoUpdate").implement({
  description: "What a `PROFILE_UPDATE_GEO` event says: the location on the user's profile now.",
  fields: (t) => ({
    location: t.string({
      description: "The location as the user typed it (free text); empty when they removed it.",
      resolve: (event) => text(event, "location"),
    }),
  }),
});
const ProfileUrlUpdateRef = builder.objectRef<ActivityEvent>("ProfileUrlUpdate").implement({
  description: "What a `PROFILE_UPDATE_URL` event says: the website on the user's profile now.",
  fields: (t) => ({
    url: t.string({
      description: "The website as the user typed it; empty when they removed it.",
      resolve: (event) => text(event, "url"),
    }),
  }),
});
const DirectMessageActivityRef = builder
  .objectRef<ActivityEvent>("DirectMessageActivity")
  .implement({
    description:
      "What a direct-message event (`DM_RECEIVED`, `DM_SENT`, `DM_READ`, `DM_INDICATE_TYPING`) " +
      "says: who wrote to whom, and the message's text when one was sent or received.",
    fields: (t) => ({
      senderId: t.string({
        description: `Who sent the message (or is typing). ${USER_ID}`,
        resolve: (event) => text(event, "sender_id"),
      }),
      recipientId: t.string({
        description: `Who the message is for. ${USER_ID}`,
        resolve: (event) => text(event, "recipient_id"),
      }),
      text: t.string({
        nullable: true,
        description:
          "The message's text on `DM_SENT` and `DM_RECEIVED`; null on `DM_READ` and " +
          "`DM_INDICATE_TYPING`, which carry no message.",
        resolve: (event) => optionalText(event, "text"),
      }),
    }),
  });
const SpaceActivityRef = builder.objectRef<ActivityEvent>("SpaceActivity").implement({
  description:
    "What an audio-space event (`SPACES_START`, `SPACES_END`) says: which space, and its host.",
  fields: (t) => ({
    spaceId: t.string({
      description: "The audio space's id: a string of digits.",
      resolve: (e) => text(e, "space_id"),
    }),
    hostId: t.string({
      description: `Who hosts the space (the subscribed user). ${USER_ID}`,
      resolve: (e) => text(e, "host_id"),
    }),
    title: t.string({
      nullable: true,
      description: "The space's title; null when the host gave it none.",
      resolve: (event) => optionalText(event, "title"),
    }),
  }),
});

const PAYLOAD_REFS = {
  "profile.update.bio": ProfileBioUpdateRef,
  "profile.update.verified": ProfileVerifiedUpdateRef,
  "profile.update.affiliate": ProfileAffiliateUpdateRef,
  "profile.update.screenname": ProfileScreenNameUpdateRef,
  "dm.received": DirectMessageActivityRef,
  "dm.sent": DirectMessageActivityRef,
  "dm.read": DirectMessageActivityRef,
  "dm.indicate_typing": DirectMessageActivityRef,
  "spaces.start": SpaceActivityRef,
  "spaces.end": SpaceActivityRef,
  "profile.update.profile_picture": ProfilePictureUpdateRef,
  "profile.update.banner_picture": ProfileBannerUpdateRef,
  "profile.update.geo": ProfileGeoUpdateRef,
  "profile.update.url": ProfileUrlUpdateRef,
} as const;

export const ActivityPayloadUnion = builder.unionType("ActivityPayload", {
  description:
    "What an activity event says, one object type per group of event types (the event's " +
    "`type` says which member to expect): switch on `__typename`.",
  types: [
    ProfileBioUpdateRef,
    ProfileVerifiedUpdateRef,
    ProfileAffiliateUpdateRef,
    ProfileScreenNameUpdateRef,
    ProfilePictureUpdateRef,
    ProfileBannerUpdateRef,
    ProfileGeoUpdateRef,
    ProfileUrlUpdateRef,
    DirectMessageActivityRef,
    SpaceActivityRef,
  ],
  resolveType: (event) => PAYLOAD_REFS[wireTypeOf(event)],
});
