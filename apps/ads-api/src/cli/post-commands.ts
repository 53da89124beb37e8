import { LIMITS, parseTimestamp } from "@adsgraph/models";
import type { PostType } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Account } from "../generated/prisma/client.js";
import { ts } from "../services/time.js";
import { checkPostCard, checkPostMedia } from "../services/post-attachments.js";
import { insertPost } from "../services/post-store.js";
import { promotableUser } from "../services/posts.js";
import { list, optionalText, text, user, UsageError } from "./options.js";
import type { Options } from "./options.js";

type Command = (ctx: AppContext, options: Options) => Promise<string[]>;

async function account(ctx: AppContext, id: string): Promise<Account> {
  const found = await ctx.prisma.account.findUnique({ where: { id } });
  if (found === null) throw new UsageError(`no account ${id}`);
  return found;
}

/**
 * A draft or scheduled post (spec §4.7 shows no create for either: they enter here), by one of
 * the account's promotable users, under the rules the API's updates apply: text or media,
 * media of the account's library that the author may use, a card of the account.
 */
async function compose(
  ctx: AppContext,
  options: Options,
  postType: Extract<PostType, "DRAFT" | "SCHEDULED">,
  scheduledAt?: Date,
): Promise<string[]> {
  const target = await account(ctx, text(options, "account"));
  const author = promotableUser(target, (await user(ctx, text(options, "user"))).id, "--user");
  const body = optionalText(options, "text") ?? "";
  const name = optionalText(options, "name");
  if (name !== undefined && Array.from(name).length > LIMITS.creativeName) {
    throw new UsageError(`--name must be at most ${LIMITS.creativeName} characters`);
  }
  const media = await checkPostMedia(ctx.prisma, {
    accountId: target.id,
    userId: author,
    keys: list(options, "media-key"),
    parameter: "--media-key",
  });
  if (body === "" && media.length === 0) throw new UsageError("--text or --media-key is required");
  const card = optionalText(options, "card");
  if (card !== undefined) await checkPostCard(ctx.prisma, target.id, card, "--card");
  const post = await insertPost(ctx.prisma, {
    postType,
    authorId: author,
    accountId: target.id,
    text: body,
    at: ctx.clock(),
    name,
    nullcast: options.organic !== true,
    cardUri: card,
    mediaKeys: media.map((row) => row.mediaKey),
    scheduledAt,
  });
  const when = post.scheduledAt === null ? "" : ` for ${ts(post.scheduledAt)}`;
  return [`${postType === "DRAFT" ? "draft" : "scheduled post"} ${post.id} on ${target.id}${when}`];
}

const POST_USAGE =
  "--account <id> --user <user id|screen name> [--text <text>] [--name <name>] [--media-key <key>] (repeatable) [--card <card://id>] [--organic]";

/** CLI commands for posts (issue 16): docs/rest-service.md "The admin CLI" documents them. */
export const POST_COMMANDS: Readonly<Record<string, { usage: string; run: Command }>> = {
  "create-draft": {
    usage: POST_USAGE,
    run: (ctx, options) => compose(ctx, options, "DRAFT"),
  },
  "create-scheduled-post": {
    usage: `${POST_USAGE} --at <YYYY-MM-DDThh:mm:ssZ, ahead of now>`,
    run: async (ctx, options) => {
      const at = parseTimestamp(text(options, "at"));
      if (at === null) throw new UsageError("--at must be a timestamp YYYY-MM-DDThh:mm:ssZ");
      if (at.getTime() <= ctx.clock().getTime()) throw new UsageError("--at must be in the future");
      return await compose(ctx, options, "SCHEDULED", at);
    },
  },
  "add-promotable-user": {
    usage: "--account <id> --user <user id|screen name>",
    run: async (ctx, options) => {
      const target = await account(ctx, text(options, "account"));
      const added = await user(ctx, text(options, "user"));
      // Appended: the first promotable user stays the account's full promotable user.
      if (!target.promotableUserIds.includes(added.id)) {
        await ctx.prisma.account.update({
          where: { id: target.id },
          data: { promotableUserIds: [...target.promotableUserIds, added.id] },
        });
      }
      return [`@${added.screenName} is a promotable user of ${target.id}`];
    },
  },
  "share-media": {
    usage: "--key <media_key> --user <user id|screen name>",
    run: async (ctx, options) => {
      const key = text(options, "key");
      const media = await ctx.prisma.mediaLibraryObject.findUnique({ where: { mediaKey: key } });
      if (media === null) throw new UsageError(`no media library object ${key}`);
      const shared = await user(ctx, text(options, "user"));
      if (!media.additionalOwners.includes(shared.id)) {
        await ctx.prisma.mediaLibraryObject.update({
          where: { mediaKey: key },
          data: { additionalOwners: [...media.additionalOwners, shared.id] },
        });
      }
      return [`${key}: @${shared.screenName} is one of its additional_owners`];
    },
  },
  "set-premium": {
    usage: "--user <user id|screen name> [--off]",
    run: async (ctx, options) => {
      const target = await user(ctx, text(options, "user"));
      const premium = options.off !== true;
      await ctx.prisma.user.update({ where: { id: target.id }, data: { premium } });
      return [`@${target.screenName} is ${premium ? "" : "not "}premium (post edits, spec §4.9)`];
    },
  },
};
