import type { CardComponent } from "@adsgraph/models";
import type { Tx } from "../db/database.js";
import { grantAccess } from "../credentials/grants.js";
import { createAccountRow } from "../services/accounts.js";
import { resolveCardBody } from "../services/cards.js";
import { createFundingInstrumentRow } from "../services/funding-instruments.js";
import { createAccountMedia, createMediaLibraryObject } from "../services/media-admin.js";
import { MEDIA_POLLS_FEATURE } from "../services/poll-cards.js";
import { seedDemoLineItems } from "./demo-line-items.js";

const DAY_MS = 86_400_000;

/**
 * One demo account: the user as ACCOUNT_ADMIN, three funding instruments, campaigns (one a
 * draft) with line items and promoted posts, media library objects with account media, and cards of every kind. Ids are fixed
 * (derived from the account id), so the data set is the same on every machine.
 */
export async function seedAccount(
  tx: Tx,
  userId: string,
  spec: { id: string; name: string },
  index: number,
  at: Date,
): Promise<void> {
  const n = index + 1;
  const account = await createAccountRow(tx, {
    id: spec.id,
    name: spec.name,
    industryType: index === 0 ? "RESTAURANT" : "RETAIL",
    businessName: spec.name.replace(" (sandbox)", ""),
    features: [MEDIA_POLLS_FEATURE],
    // spec §4.7: the demo user is the account's full promotable user (it posts as them).
    promotableUserIds: [userId],
    at,
  });
  await grantAccess(tx, account.id, userId, ["ACCOUNT_ADMIN", "POST_COMPOSER"]);
  const year = new Date(at.getTime() + 365 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
  const start = at.toISOString().replace(/\.\d{3}Z$/, "Z");
  const card = await createFundingInstrumentRow(
    tx,
    account.id,
    {
      id: `${spec.id}f1`,
      type: "CREDIT_CARD",
      currency: "USD",
      start_time: start,
      description: "Visa ending in 4242",
    },
    at,
  );
  const io = await createFundingInstrumentRow(
    tx,
    account.id,
    {
      id: `${spec.id}f2`,
      type: "INSERTION_ORDER",
      currency: "USD",
      start_time: start,
      end_time: year,
      funded_amount_local_micro: 5_000_000_000,
      description: `IO 2026-${n}`,
    },
    at,
  );
  await createFundingInstrumentRow(
    tx,
    account.id,
    {
      id: `${spec.id}f3`,
      type: "CREDIT_LINE",
      currency: "EUR",
      start_time: start,
      credit_limit_local_micro: 20_000_000_000,
      description: "EUR credit line",
    },
    at,
  );

  const campaigns: [string, string, "ACTIVE" | "PAUSED", boolean][] = [
    ["Spring launch", card.id, "ACTIVE", false],
    ["Always-on brand", io.id, "ACTIVE", false],
    ["Retargeting", card.id, "PAUSED", false],
    ["Holiday promo", io.id, "ACTIVE", false],
    ["Draft: summer ideas", card.id, "PAUSED", true],
  ];
  for (const [position, [name, fundingId, status, draft]] of campaigns.entries()) {
    const created = new Date(at.getTime() + (position + 1) * 3_600_000);
    await tx.campaign.create({
      data: {
        id: `${spec.id}c${position + 1}`,
        accountId: account.id,
        fundingInstrumentId: fundingId,
        name,
        dailyBudgetAmountLocalMicro: BigInt((position + 1) * 25_000_000),
        totalBudgetAmountLocalMicro: BigInt((position + 1) * 1_000_000_000),
        entityStatus: status,
        currency: "USD",
        draft,
        startTime: created,
        createdAt: created,
        updatedAt: created,
      },
    });
  }
  await seedDemoLineItems(tx, account.id, index, at);

  const key = (kind: string, position: number) => `${kind}_14000000000001${n}${position}0`;
  const poster = await createMediaLibraryObject(tx, {
    accountId: account.id,
    mediaType: "IMAGE",
    width: 1280,
    height: 720,
    name: "Video poster",
    mediaKey: key("3", 1),
    ownerUserId: userId,
    at,
  });
  const video = await createMediaLibraryObject(tx, {
    accountId: account.id,
    mediaType: "VIDEO",
    width: 1280,
    height: 720,
    name: "Brand film 16x9",
    durationMs: 15_000,
    mediaKey: key("13", 2),
    posterMediaKey: poster.mediaKey,
    ownerUserId: userId,
    at,
  });
  const wide = await createMediaLibraryObject(tx, {
    accountId: account.id,
    mediaType: "IMAGE",
    width: 1200,
    height: 628,
    name: "Hero image",
    mediaKey: key("3", 3),
    ownerUserId: userId,
    at,
  });
  const square = await createMediaLibraryObject(tx, {
    accountId: account.id,
    mediaType: "IMAGE",
    width: 800,
    height: 800,
    name: "Square product shot",
    mediaKey: key("3", 4),
    ownerUserId: userId,
    at,
  });
  const gif = await createMediaLibraryObject(tx, {
    accountId: account.id,
    mediaType: "GIF",
    width: 480,
    height: 270,
    name: "Animated teaser",
    mediaKey: key("16", 5),
    ownerUserId: userId,
    at,
  });
  await createAccountMedia(tx, video, "PREROLL", `${spec.id}m1`);
  await createAccountMedia(tx, wide, "BANNER", `${spec.id}m2`);
  await createAccountMedia(tx, square, "MEDIUM_RECTANGLE", `${spec.id}m3`);
  await createAccountMedia(tx, gif, "INTERSTITIAL", `${spec.id}m4`);

  const website: CardComponent = {
    type: "DETAILS",
    title: "Shop now",
    destination: { type: "WEBSITE", url: "https://example.com/shop" },
  };
  const appButton: CardComponent = {
    type: "BUTTON",
    label: { type: "ENUM", value: "INSTALL" },
    destination: {
      type: "APP",
      country_code: "US",
      googleplay_app_id: "com.example.demo",
      ios_app_store_identifier: "333903271",
    },
  };
  const generic: [string, CardComponent[] | undefined, CardComponent[][] | undefined][] = [
    ["Brand film card", [{ type: "MEDIA", media_key: video.mediaKey }, website], undefined],
    ["Install the app", [{ type: "MEDIA", media_key: wide.mediaKey }, appButton], undefined],
    [
      "Product carousel",
      [{ type: "SWIPEABLE_MEDIA", media_keys: [wide.mediaKey, square.mediaKey] }, website],
      undefined,
    ],
    [
      "Multi-destination carousel",
      undefined,
      [
        [{ type: "MEDIA", media_key: wide.mediaKey }, website],
        [{ type: "MEDIA", media_key: square.mediaKey }, website],
      ],
    ],
  ];
  let cardNumber = 0;
  const cardId = () => `14000000000002${n}${String((cardNumber += 1)).padStart(3, "0")}`;
  for (const [name, components, slides] of generic) {
    const body = await resolveCardBody(tx, account.id, components, slides);
    await tx.card.create({
      data: {
        id: cardId(),
        accountId: account.id,
        kind: "generic",
        name,
        cardType: body.cardType,
        body: body.body,
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  await tx.card.create({
    data: {
      id: cardId(),
      accountId: account.id,
      kind: "poll",
      name: "Favourite roast?",
      cardType: "TEXT_POLLS",
      durationInMinutes: 10080,
      createdAt: at,
      updatedAt: at,
      body: { first_choice: "Light", second_choice: "Medium", third_choice: "Dark" },
    },
  });
  await tx.card.create({
    data: {
      id: cardId(),
      accountId: account.id,
      kind: "poll",
      name: "Which look?",
      // A media poll: VIDEO_POLLS, the spec's only observed media card_type (ads-api README).
      cardType: "VIDEO_POLLS",
      durationInMinutes: 1440,
      createdAt: at,
      updatedAt: at,
      body: {
        first_choice: "Classic",
        second_choice: "Bold",
        media_key: wide.mediaKey,
        video_poster_url: wide.mediaUrl,
        video_poster_width: String(wide.width),
        video_poster_height: String(wide.height),
      },
    },
  });
  await tx.card.create({
    data: {
      id: cardId(),
      accountId: account.id,
      kind: "video_conversation",
      name: "Pick your flavour",
      cardType: "VIDEO_CONVERSATION",
      createdAt: at,
      updatedAt: at,
      body: {
        first_cta: "#Vanilla",
        first_cta_post: "Vanilla all the way",
        second_cta: "#Mocha",
        second_cta_post: "Mocha please",
        thank_you_text: "Thanks for voting!",
        media_key: video.mediaKey,
        poster_media_key: poster.mediaKey,
        video_url: video.mediaUrl,
        video_poster_url: poster.mediaUrl,
      },
    },
  });
  await tx.card.create({
    data: {
      id: cardId(),
      accountId: account.id,
      kind: "image_conversation",
      name: "Share your trail",
      cardType: "IMAGE_CONVERSATION",
      createdAt: at,
      updatedAt: at,
      body: {
        first_cta: "#Hiking",
        first_cta_post: "Off to the hills",
        title: "Where next?",
        thank_you_text: "See you outside!",
        media_key: wide.mediaKey,
        image_url: wide.mediaUrl,
      },
    },
  });
  await tx.accountApp.createMany({
    data: [
      {
        id: `${spec.id}a1`,
        accountId: account.id,
        name: "Demo app (Android)",
        appStoreIdentifier: "com.example.demo",
        osType: "ANDROID",
        createdAt: at,
        updatedAt: at,
      },
      {
        id: `${spec.id}a2`,
        accountId: account.id,
        name: "Demo app (iOS)",
        appStoreIdentifier: "333903271",
        osType: "IOS",
        createdAt: at,
        updatedAt: at,
      },
    ],
  });
}
