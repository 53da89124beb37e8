import { ACTIVITY_EVENT_TYPES } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { GRAPH_EVENT_TYPES, type WireEventType } from "../../activity/event-types.js";

/** What each event type means to the person watching the feed. */
const MEANINGS: Record<WireEventType, string> = {
  "profile.update.bio": "The user's profile bio changed; the payload is a `ProfileBioUpdate`.",
  "profile.update.verified":
    "The user's verification status changed; the payload is a `ProfileVerifiedUpdate`.",
  "profile.update.affiliate":
    "The user's affiliate badge changed; the payload is a `ProfileAffiliateUpdate`.",
  "profile.update.screenname":
    "The user's handle changed; the payload is a `ProfileScreenNameUpdate`.",
  "dm.received": "The user received a direct message; the payload is a `DirectMessageActivity`.",
  "dm.sent": "The user sent a direct message; the payload is a `DirectMessageActivity`.",
  "dm.read":
    "A direct message in one of the user's conversations was read; the payload is a " +
    "`DirectMessageActivity` without `text`.",
  "dm.indicate_typing":
    "Someone is typing in one of the user's conversations; the payload is a " +
    "`DirectMessageActivity` without `text`.",
  "spaces.start": "An audio space the user hosts started; the payload is a `SpaceActivity`.",
  "spaces.end": "An audio space the user hosts ended; the payload is a `SpaceActivity`.",
  "profile.update.profile_picture":
    "The user's profile picture changed; the payload is a `ProfilePictureUpdate`.",
  "profile.update.banner_picture":
    "The user's profile banner changed; the payload is a `ProfileBannerUpdate`.",
  "profile.update.geo":
    "The location on the user's profile changed; the payload is a `ProfileGeoUpdate`.",
  "profile.update.url":
    "The website on the user's profile changed; the payload is a `ProfileUrlUpdate`.",
};

/**
 * A closed set: the service defines exactly these types, and the facade delivers no other
 * (event-types.ts), so a client's exhaustive switch over it never meets an unknown value.
 */
export const ActivityEventTypeEnum = builder.enumType("ActivityEventType", {
  description:
    "What happened in an activity event. Every event of the feed has one of these types; " +
    "filter a subscription by them with `activityEvents(types:)`.",
  values: Object.fromEntries(
    ACTIVITY_EVENT_TYPES.map((wire) => [
      GRAPH_EVENT_TYPES[wire],
      { value: wire, description: MEANINGS[wire] },
    ]),
  ),
});
