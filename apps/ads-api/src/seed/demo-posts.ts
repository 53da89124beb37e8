import type { ConversationSetting } from "@adsgraph/models";
import type { Tx } from "../db/database.js";
import { grantAccess } from "../credentials/grants.js";
import { createUser } from "../credentials/users.js";
import type { Post } from "../generated/prisma/client.js";
import { createMediaLibraryObject } from "../services/media-admin.js";
import { insertPost } from "../services/post-store.js";
import { DEMO } from "./demo-credentials.js";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * A post id of the demo set: 19 digits (past 2^53, spec §2.1), `15900000000000<n><seq>` with
 * n the demo account's number (0 for the friend's post). The promoted posts of the demo line
 * items (demo-line-items.ts) name seq 1 to 4, so they point at real posts.
 */
export function demoPostId(n: number, seq: number): string {
  return `15900000000000${n}${String(seq).padStart(4, "0")}`;
}

/** The friend's published post (made through the post-data API: no account). */
export const FRIEND_POST_ID = demoPostId(0, 1);

/** Media keys and card ids of a demo account (demo-account.ts makes them). */
const mediaKey = (n: number, kind: string, position: number) =>
  `${kind}_14000000000001${n}${position}0`;
const cardUri = (n: number, seq: number) =>
  `card://14000000000002${n}${String(seq).padStart(3, "0")}`;

interface DemoPost {
  readonly seq: number;
  readonly type: "PUBLISHED" | "DRAFT" | "SCHEDULED";
  readonly text: string;
  /** When it was written: days before the seed time. */
  readonly days: number;
  /** Scheduled posts: days after the seed time when they publish. */
  readonly ahead?: number;
  readonly nullcast?: boolean;
  /** Organic posts made through the post-data API carry no account. */
  readonly noAccount?: boolean;
  readonly name?: string;
  readonly media?: readonly [string, number][];
  readonly card?: number;
  readonly replyToFriend?: boolean;
  readonly video?: { cta: string; value: string; title: string; description: string };
  readonly conversation?: ConversationSetting;
}

interface Theme {
  readonly product: string;
  readonly tag: string;
}

const THEMES: readonly Theme[] = [
  { product: "single-origin roast", tag: "DemoCoffee" },
  { product: "trail jacket", tag: "DemoOutdoor" },
];

/** Per demo account: 8 promoted-only posts, 3 organic ones, 4 drafts, 3 scheduled posts. */
function postsOf(theme: Theme): DemoPost[] {
  const { product, tag } = theme;
  return [
    {
      seq: 1,
      type: "PUBLISHED",
      days: -28,
      name: "Spring launch",
      text: `Spring launch: our new ${product} is here. #SpringLaunch #${tag} https://example.com/spring`,
      card: 1,
    },
    {
      seq: 2,
      type: "PUBLISHED",
      days: -25,
      text: `Fresh stock every Monday. #${tag}`,
      media: [["3", 3]],
    },
    {
      seq: 3,
      type: "PUBLISHED",
      days: -22,
      name: "Three pictures",
      text: `Three ways to enjoy the ${product}: at home, on the go, with friends. #HowTo`,
      media: [
        ["3", 3],
        ["3", 4],
        ["3", 1],
      ],
    },
    {
      seq: 4,
      type: "PUBLISHED",
      days: -19,
      name: "Brand film",
      text: `Fifteen seconds on how the ${product} is made.`,
      media: [["13", 2]],
      video: {
        cta: "WATCH_NOW",
        value: "https://example.com/film",
        title: "How it is made",
        description: `The ${product}, from start to finish, in fifteen seconds.`,
      },
    },
    {
      seq: 5,
      type: "PUBLISHED",
      days: -16,
      text: "When the first batch of the day is ready…",
      media: [["16", 5]],
    },
    {
      seq: 6,
      type: "PUBLISHED",
      days: -13,
      text: `Thanks @${DEMO.friend.screenName} for the kind words! Tell us what you think. #community`,
      conversation: "MENTIONED_USERS",
    },
    {
      seq: 7,
      type: "PUBLISHED",
      days: -10,
      text: `@${DEMO.friend.screenName} glad you liked it, see you on Saturday!`,
      replyToFriend: true,
    },
    {
      seq: 8,
      type: "PUBLISHED",
      days: -7,
      name: "Weekly deal",
      text: `$5 off your first order this week: https://example.com/offer?utm_source=demo #${tag}`,
      card: 2,
    },
    {
      seq: 101,
      type: "PUBLISHED",
      days: -26,
      nullcast: false,
      text: "Good morning from the team!",
    },
    {
      seq: 102,
      type: "PUBLISHED",
      days: -14,
      nullcast: false,
      noAccount: true,
      text: "We are hiring: https://example.com/jobs",
    },
    {
      seq: 103,
      type: "PUBLISHED",
      days: -3,
      nullcast: false,
      text: "Behind the scenes at today's photo shoot #bts",
      media: [["3", 4]],
    },
    {
      seq: 201,
      type: "DRAFT",
      days: -6,
      name: "Summer teaser",
      text: "Summer is coming. #SummerDrop",
    },
    { seq: 202, type: "DRAFT", days: -5, text: `New ${product} photo`, media: [["3", 4]] },
    { seq: 203, type: "DRAFT", days: -4, text: "Get the app and save 10%", card: 2 },
    { seq: 204, type: "DRAFT", days: -2, nullcast: false, text: "Weekend sale, for everyone" },
    {
      seq: 301,
      type: "SCHEDULED",
      days: -9,
      ahead: 60,
      name: "Summer launch",
      text: `The summer collection is here! #SummerDrop #${tag} https://example.com/summer`,
      card: 1,
    },
    {
      seq: 302,
      type: "SCHEDULED",
      days: -8,
      ahead: 75,
      text: "Last call for pre-orders.",
      media: [["3", 3]],
    },
    { seq: 303, type: "SCHEDULED", days: -1, ahead: 90, text: "Holiday hours: open every day." },
  ];
}

/**
 * The demo posts step (issue 16), run once per database after the demo data set, also on
 * databases seeded before posts existed: the demo user composes posts (POST_COMPOSER), is the
 * demo accounts' promotable user, owns their media, and is premium (post edits); a second user,
 * @adsgraph_friend, is promotable nowhere. Then fixed-id posts of every type per account.
 * Scheduled posts are 60 to 90 days ahead of `now`, so no test sees one publish by itself.
 */
export async function seedDemoPosts(tx: Tx, now: Date): Promise<void> {
  const demoUserId = DEMO.user.id;
  const premium = await tx.user.updateMany({ where: { id: demoUserId }, data: { premium: true } });
  if (premium.count === 0) return; // the demo user was removed by hand: nobody to post as
  const friend =
    (await tx.user.findUnique({ where: { id: DEMO.friend.id } })) ??
    (await createUser(tx, DEMO.friend));
  const friendPost = await insertPost(tx, {
    id: FRIEND_POST_ID,
    postType: "PUBLISHED",
    authorId: friend.id,
    accountId: null,
    text: `Tried the new range from @${DEMO.user.screenName} today. Lovely! #happy`,
    at: new Date(now.getTime() - 12 * DAY_MS),
  });
  for (const [index, spec] of DEMO.accounts.entries()) {
    const account = await tx.account.findUnique({ where: { id: spec.id } });
    if (account === null) continue; // removed by hand: nothing to add posts to
    const n = index + 1;
    await tx.account.update({
      where: { id: account.id },
      data: { promotableUserIds: [demoUserId] },
    });
    await grantAccess(tx, account.id, demoUserId, ["ACCOUNT_ADMIN", "POST_COMPOSER"]);
    await tx.mediaLibraryObject.updateMany({
      where: { accountId: account.id, ownerUserId: null },
      data: { ownerUserId: demoUserId },
    });
    await friendMedia(tx, account.id, n, now);
    await accountPosts(
      tx,
      account.id,
      n,
      THEMES[index % THEMES.length] ?? THEMES[0],
      friendPost,
      now,
    );
  }
}

/**
 * Media the friend uploaded to the account's library: one kept to themselves, one shared with
 * the demo user (`additional_owners`), so both answers of the media rule can be seen.
 */
async function friendMedia(tx: Tx, accountId: string, n: number, now: Date): Promise<void> {
  for (const [position, shared] of [
    [6, false],
    [7, true],
  ] as const) {
    await createMediaLibraryObject(tx, {
      accountId,
      mediaType: "IMAGE",
      width: 1200,
      height: 628,
      name: shared ? "Friend's photo (shared)" : "Friend's photo",
      mediaKey: mediaKey(n, "3", position),
      ownerUserId: DEMO.friend.id,
      additionalOwners: shared ? [DEMO.user.id] : [],
      at: now,
    });
  }
}

async function accountPosts(
  tx: Tx,
  accountId: string,
  n: number,
  theme: Theme | undefined,
  friendPost: Post,
  now: Date,
): Promise<void> {
  for (const post of postsOf(theme ?? { product: "product", tag: "Demo" })) {
    // Hours apart per account, so the two accounts' lists do not interleave at equal times.
    const at = new Date(now.getTime() + post.days * DAY_MS + n * HOUR_MS);
    await insertPost(tx, {
      id: demoPostId(n, post.seq),
      postType: post.type,
      authorId: DEMO.user.id,
      accountId: post.noAccount === true ? null : accountId,
      text: post.text,
      at,
      name: post.name,
      nullcast: post.nullcast ?? true,
      cardUri: post.card === undefined ? undefined : cardUri(n, post.card),
      mediaKeys: (post.media ?? []).map(([kind, position]) => mediaKey(n, kind, position)),
      conversationSettings: post.conversation,
      videoCta: post.video?.cta,
      videoCtaValue: post.video?.value,
      videoTitle: post.video?.title,
      videoDescription: post.video?.description,
      inReplyTo: post.replyToFriend === true ? friendPost : undefined,
      scheduledAt:
        post.ahead === undefined ? undefined : new Date(now.getTime() + post.ahead * DAY_MS),
    });
  }
}
