import { LABEL_VALUES } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { SMALL_LIST } from "../../fields/connections.js";
import { hasProperty } from "../../fields/properties.js";
import { LabelValueEnum } from "../common/enums.js";
import { MediaLibraryObjectRef } from "./media.js";
import type { MediaLibraryObjectShape } from "./media.js";
import { CardDestinationTypeEnum } from "../common/enums.js";

/** What a generic card's answer says of one media key (recorded `media_metadata`). */
interface MediaMetadata {
  type?: string;
  url?: string;
  width?: number;
  height?: number;
  video_duration?: number;
  video_aspect_ratio?: string;
}

/**
 * One component of a card's answer (spec §2.8), with the answer's media metadata and the
 * card's account (whose media library holds the media it names).
 */
export interface ComponentShape {
  account_id: string;
  type: string;
  media_key?: string;
  media_keys?: string[];
  title?: string;
  destination?: Record<string, unknown>;
  label?: { type?: string; value?: string };
  media_metadata?: Record<string, MediaMetadata>;
}

/** The media library object a component's key names, from the card's own metadata. */
export function mediaOf(component: ComponentShape, key: string): MediaLibraryObjectShape {
  const meta = component.media_metadata?.[key];
  return {
    account_id: component.account_id,
    media_key: key,
    media_type: meta?.type ?? null,
    media_url: meta?.url ?? null,
    width: meta?.width ?? null,
    height: meta?.height ?? null,
    duration: meta?.video_duration ?? null,
    aspect_ratio: meta?.video_aspect_ratio ?? null,
  };
}

/** Every media key of a list of components, each once, with its media. */
export function mediaOfComponents(
  components: readonly ComponentShape[],
): MediaLibraryObjectShape[] {
  const byKey = new Map<string, MediaLibraryObjectShape>();
  for (const component of components) {
    const keys =
      component.media_keys ?? (component.media_key === undefined ? [] : [component.media_key]);
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, mediaOf(component, key));
  }
  return [...byKey.values()];
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

const WebsiteDestinationRef = builder
  .objectRef<Record<string, unknown>>("WebsiteDestination")
  .implement({
    description: "A web page a card component links to.",
    fields: (t) => ({
      type: t.field({
        type: CardDestinationTypeEnum,
        description: "Always WEBSITE: a website.",
        resolve: (): "WEBSITE" => "WEBSITE",
      }),
      url: t.string({
        description: "The web address (http or https); empty when the card does not say.",
        resolve: (d) => text(d.url) ?? "",
      }),
    }),
  });

const AppDestinationRef = builder.objectRef<Record<string, unknown>>("AppDestination").implement({
  description:
    "An app a card button opens: its store ids for Google Play and the App Store (at least one), " +
    "optional deep links into the app, and the country whose store is shown.",
  fields: (t) => ({
    type: t.field({
      type: CardDestinationTypeEnum,
      description: "Always APP: an app in the app stores.",
      resolve: (): "APP" => "APP",
    }),
    countryCode: t.string({
      description:
        "The ISO 3166-1 alpha-2 code (e.g. US) of the country whose app store is shown; empty " +
        "when the card does not say.",
      resolve: (d) => text(d.country_code) ?? "",
    }),
    googleplayAppId: t.string({
      nullable: true,
      description: "The app's Google Play package name (e.g. com.example.app); null when none.",
      resolve: (d) => text(d.googleplay_app_id),
    }),
    iosAppStoreIdentifier: t.string({
      nullable: true,
      description: "The app's App Store id (digits); null when none.",
      resolve: (d) => text(d.ios_app_store_identifier),
    }),
    googleplayDeepLink: t.string({
      nullable: true,
      description:
        "A link into the Android app (e.g. myapp://item/1), opened when it is installed; null when none.",
      resolve: (d) => text(d.googleplay_deep_link),
    }),
    iosDeepLink: t.string({
      nullable: true,
      description:
        "A link into the iOS app (e.g. myapp://item/1), opened when it is installed; null when none.",
      resolve: (d) => text(d.ios_deep_link),
    }),
  }),
});

const MediaComponentRef = builder.objectRef<ComponentShape>("MediaComponent").implement({
  description: "A card component showing one image or video from the media library.",
  isTypeOf: (c) => hasProperty(c, "type", "MEDIA"),
  fields: (t) => ({
    mediaKey: t.string({
      description: "The media key (`<digits>_<digits>`) of the image or video shown.",
      resolve: (c) => c.media_key ?? "",
    }),
    media: t.field({
      type: MediaLibraryObjectRef,
      description: "The image or video shown, as far as the card describes it (type, URL, size).",
      resolve: (c) => mediaOf(c, c.media_key ?? ""),
    }),
  }),
});

const SwipeableMediaComponentRef = builder
  .objectRef<ComponentShape>("SwipeableMediaComponent")
  .implement({
    description: "A card component of 2 to 6 images or videos people swipe through.",
    isTypeOf: (c) => hasProperty(c, "type", "SWIPEABLE_MEDIA"),
    fields: (t) => ({
      mediaKeys: t.stringList({
        description: "The media keys of the images and videos, in the order they are shown.",
        resolve: (c) => c.media_keys ?? [],
      }),
      mediaItems: t.field({
        description: "The images and videos, in the order they are shown (one per media key).",
        complexity: SMALL_LIST,
        type: [MediaLibraryObjectRef],
        resolve: (c) => (c.media_keys ?? []).map((key) => mediaOf(c, key)),
      }),
    }),
  });

const DetailsComponentRef = builder.objectRef<ComponentShape>("DetailsComponent").implement({
  description: "A card component with a title that links to a website.",
  isTypeOf: (c) => hasProperty(c, "type", "DETAILS"),
  fields: (t) => ({
    title: t.string({
      description: "The headline shown on the card; empty when the card does not say.",
      resolve: (c) => c.title ?? "",
    }),
    destination: t.field({
      type: WebsiteDestinationRef,
      description: "The website the component opens.",
      resolve: (c) => c.destination ?? {},
    }),
  }),
});

const ButtonComponentRef = builder.objectRef<ComponentShape>("ButtonComponent").implement({
  description: "A card component: a button that opens an app.",
  isTypeOf: (c) => hasProperty(c, "type", "BUTTON"),
  fields: (t) => ({
    label: t.field({
      type: LabelValueEnum,
      nullable: true,
      description: "The button's text; null for a label this API does not know.",
      resolve: (c) => LABEL_VALUES.find((value) => value === c.label?.value) ?? null,
    }),
    destination: t.field({
      type: AppDestinationRef,
      description: "The app the button opens.",
      resolve: (c) => c.destination ?? {},
    }),
  }),
});

export const CardComponentUnion = builder.unionType("CardComponent", {
  description:
    "One building block of a generic card: media, swipeable media, details (title and website) " +
    "or a button (app).",
  types: [MediaComponentRef, SwipeableMediaComponentRef, DetailsComponentRef, ButtonComponentRef],
  resolveType: (component) => {
    switch (component.type) {
      case "MEDIA":
        return MediaComponentRef;
      case "SWIPEABLE_MEDIA":
        return SwipeableMediaComponentRef;
      case "DETAILS":
        return DetailsComponentRef;
      default:
        return ButtonComponentRef;
    }
  },
});
