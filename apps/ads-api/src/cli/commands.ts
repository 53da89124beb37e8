import { isPermission, roleCombinationProblem } from "../auth/roles.js";
import type { Permission } from "../auth/roles.js";
import type { AppContext } from "../context.js";
import { createApp } from "../credentials/apps.js";
import type { AccessType } from "../credentials/apps.js";
import { grantAccess, revokeAccess } from "../credentials/grants.js";
import { resealSecrets } from "../credentials/reseal.js";
import { issueAccessToken } from "../credentials/tokens.js";
import { createUser, findUser } from "../credentials/users.js";
import { createAccountRow } from "../services/accounts.js";
import {
  createAccountMedia,
  createMediaLibraryObject,
  createMediaUpload,
} from "../services/media-admin.js";
import { seedBench } from "../seed/bench-seed.js";
import { DEMO, demoCredentialLines } from "../seed/demo-credentials.js";
import { seedDemo } from "../seed/demo-seed.js";
import { LIMITS } from "@adsgraph/models";
import { integer, list, optionalText, text, user, UsageError } from "./options.js";
import type { Options } from "./options.js";
import { ACTIVITY_COMMANDS } from "./activity-commands.js";
import { POST_COMMANDS } from "./post-commands.js";

export { UsageError } from "./options.js";
export type { Options } from "./options.js";

function roles(options: Options): Permission[] {
  const given = list(options, "role").flatMap((role) => role.split(","));
  const wanted = given.length === 0 ? ["ACCOUNT_ADMIN"] : given;
  const bad = wanted.filter((role) => !isPermission(role));
  if (bad.length > 0) throw new UsageError(`unknown role(s) ${bad.join(", ")}`);
  const roles = wanted.filter(isPermission);
  const problem = roleCombinationProblem(roles);
  if (problem !== undefined) throw new UsageError(problem);
  return roles;
}

type Command = (ctx: AppContext, options: Options) => Promise<string[]>;

/**
 * Every CLI command: name → what it does (prints lines); docs/rest-service.md "The admin CLI"
 * documents them.
 */
export const COMMANDS: Readonly<Record<string, { usage: string; run: Command }>> = {
  "create-user": {
    usage: "--screen-name <name> --password <password> [--id <digits>]",
    run: async (ctx, options) => {
      const created = await createUser(ctx.prisma, {
        screenName: text(options, "screen-name"),
        password: text(options, "password"),
        id: optionalText(options, "id"),
      });
      return [`user ${created.id} @${created.screenName}`];
    },
  },
  "create-app": {
    usage:
      "--name <name> --owner <user id|screen name> --callback <url> (repeatable) [--no-sign-in-with] [--read-only]",
    run: async (ctx, options) => {
      const owner = await user(ctx, text(options, "owner"));
      const created = await createApp(ctx.prisma, ctx.box, {
        name: text(options, "name"),
        ownerId: owner.id,
        callbackUrls: list(options, "callback"),
        signInWith: options["no-sign-in-with"] !== true,
        accessLevel: options["read-only"] === true ? "read" : "write",
      });
      return [
        `app ${created.app.id} "${created.app.name}" owned by @${owner.screenName}`,
        `consumer key:    ${created.consumerKey}`,
        `consumer secret: ${created.consumerSecret}  (shown once; stored encrypted)`,
      ];
    },
  },
  "create-account": {
    usage:
      "--name <name> [--id <id>] [--timezone <zone>] [--grant <user>] [--role <ROLE>] [--production]",
    run: async (ctx, options) => {
      const grantee = optionalText(options, "grant");
      // Roles and grantee are checked before the account is written.
      const grant =
        grantee === undefined
          ? undefined
          : { userId: (await user(ctx, grantee)).id, roles: roles(options) };
      const account = await createAccountRow(ctx.prisma, {
        id: optionalText(options, "id"),
        name: text(options, "name"),
        timezone: optionalText(options, "timezone"),
        sandbox: options.production !== true,
        // The granted user is the one the account posts as (spec §4.7 promotable user).
        promotableUserIds: grant === undefined ? [] : [grant.userId],
      });
      if (grant !== undefined) await grantAccess(ctx.prisma, account.id, grant.userId, grant.roles);
      return [`account ${account.id} "${account.name}"${account.sandbox ? "" : " (production)"}`];
    },
  },
  grant: {
    usage: "--account <id> --user <user id|screen name> --role <ROLE> (repeatable or comma list)",
    run: async (ctx, options) => {
      const grantee = await user(ctx, text(options, "user"));
      const given = roles(options);
      await grantAccess(ctx.prisma, text(options, "account"), grantee.id, given);
      return [`@${grantee.screenName} on ${text(options, "account")}: ${given.join(", ")}`];
    },
  },
  revoke: {
    usage: "--account <id> --user <user id|screen name>",
    run: async (ctx, options) => {
      const grantee = await user(ctx, text(options, "user"));
      await revokeAccess(ctx.prisma, text(options, "account"), grantee.id);
      return [`@${grantee.screenName} has no role on ${text(options, "account")}`];
    },
  },
  "issue-token": {
    usage: "--consumer-key <key> --user <user id|screen name> [--read-only]",
    run: async (ctx, options) => {
      const app = await ctx.prisma.app.findUnique({
        where: { consumerKey: text(options, "consumer-key") },
      });
      if (app === null) throw new UsageError("no app with that consumer key");
      const owner = await user(ctx, text(options, "user"));
      const access: AccessType = options["read-only"] === true ? "read" : "write";
      const pair = await issueAccessToken(ctx.prisma, ctx, {
        appId: app.id,
        userId: owner.id,
        accessType: access,
      });
      return [
        `access token:        ${pair.token}`,
        `access token secret: ${pair.secret}  (shown once)`,
      ];
    },
  },
  "set-campaign-limit": {
    usage: `--account <id> --limit <1..${LIMITS.activeCampaigns.raised}>`,
    run: async (ctx, options) => {
      const limit = integer(options, "limit", 0);
      if (limit < 1 || limit > LIMITS.activeCampaigns.raised) {
        throw new UsageError(`--limit must be between 1 and ${LIMITS.activeCampaigns.raised}`);
      }
      await ctx.prisma.account.update({
        where: { id: text(options, "account") },
        data: { activeCampaignLimit: limit },
      });
      return [`account ${text(options, "account")}: ${limit} active campaigns allowed`];
    },
  },
  "set-business-id": {
    usage: "--account <id> (--business-id <id> | --none)",
    run: async (ctx, options) => {
      const account = text(options, "account");
      const business = options.none === true ? null : text(options, "business-id");
      // spec §2.2 business_id: an advertising id's characters (audience sharing compares it).
      if (business !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(business)) {
        throw new UsageError("--business-id must be 1 to 64 letters, digits, _ or -");
      }
      const updated = await ctx.prisma.account.updateMany({
        where: { id: account },
        data: { businessId: business },
      });
      if (updated.count === 0) throw new UsageError(`no account ${account}`);
      return [`account ${account}: business ${business ?? "none"}`];
    },
  },
  "set-features": {
    usage: "--account <id> [--add <FEATURE>]… [--remove <FEATURE>]…",
    run: async (ctx, options) => {
      const id = text(options, "account");
      const add = list(options, "add");
      const remove = list(options, "remove");
      const bad = [...add, ...remove].filter((name) => !/^[A-Z][A-Z0-9_]{0,63}$/.test(name));
      if (bad.length > 0)
        throw new UsageError(`feature names are UPPER_SNAKE_CASE: ${bad.join(", ")}`);
      if (add.length + remove.length === 0) throw new UsageError("give --add or --remove");
      const account = await ctx.prisma.account.findUnique({ where: { id } });
      if (account === null) throw new UsageError(`no account ${id}`);
      const features = [...new Set([...account.features, ...add])].filter(
        (name) => !remove.includes(name),
      );
      await ctx.prisma.account.update({ where: { id }, data: { features } });
      return [`account ${id}: features ${features.join(", ") || "none"}`];
    },
  },
  "add-media": {
    usage:
      "--account <id> --type IMAGE|VIDEO|GIF --width <px> --height <px> [--name <name>] [--creative-type <TYPE>]",
    run: async (ctx, options) => {
      const type = text(options, "type").toUpperCase();
      if (type !== "IMAGE" && type !== "VIDEO" && type !== "GIF")
        throw new UsageError("--type must be IMAGE, VIDEO or GIF");
      const media = await createMediaLibraryObject(ctx.prisma, {
        accountId: text(options, "account"),
        mediaType: type,
        width: integer(options, "width", 1200),
        height: integer(options, "height", 628),
        name: optionalText(options, "name"),
      });
      const creativeType = optionalText(options, "creative-type");
      const lines = [
        `media library object ${media.mediaKey} (${media.width}x${media.height}, ${media.aspectRatio})`,
      ];
      if (creativeType !== undefined) {
        lines.push(
          `account media ${(await createAccountMedia(ctx.prisma, media, creativeType)).id} (${creativeType})`,
        );
      }
      return lines;
    },
  },
  "upload-media": {
    usage:
      "--user <user id|screen name> --type IMAGE|VIDEO|GIF --width <px> --height <px> [--additional-owner <user>] (repeatable)",
    run: async (ctx, options) => {
      const type = text(options, "type").toUpperCase();
      if (type !== "IMAGE" && type !== "VIDEO" && type !== "GIF")
        throw new UsageError("--type must be IMAGE, VIDEO or GIF");
      const owner = await user(ctx, text(options, "user"));
      const shared = await Promise.all(
        list(options, "additional-owner").map(async (name) => (await user(ctx, name)).id),
      );
      const upload = await createMediaUpload(ctx.prisma, {
        mediaType: type,
        width: integer(options, "width", 1200),
        height: integer(options, "height", 628),
        ownerUserId: owner.id,
        additionalOwners: shared,
        at: ctx.clock(),
      });
      return [
        `uploaded ${upload.mediaKey} (${upload.width}x${upload.height}) by @${owner.screenName}: add it with POST media_library?media_key=${upload.mediaKey}`,
      ];
    },
  },
  ...POST_COMMANDS,
  ...ACTIVITY_COMMANDS,
  seed: {
    usage: "(the demo data set; the server also runs it at start unless ADS_API_SEED=false)",
    run: async (ctx) => [
      (await seedDemo(ctx.prisma, ctx.box))
        ? "seeded the demo data set"
        : "the demo data set was already seeded",
      ...demoCredentialLines(),
    ],
  },
  "seed-bench": {
    usage:
      "[--campaigns N] [--funding-instruments N] [--cards N] [--line-items-per-campaign N] [--attachments-per-line-item N] [--posts N] [--account <id>] [--seed N] [--grant <user>]",
    run: async (ctx, options) => {
      const seed = integer(options, "seed", 1);
      const grantee = optionalText(options, "grant") ?? DEMO.user.id;
      const granted = await findUser(ctx.prisma, grantee);
      const summary = await seedBench(ctx.prisma, {
        accountId: optionalText(options, "account") ?? `bench${seed}`,
        campaigns: integer(options, "campaigns", 20_000),
        fundingInstruments: integer(options, "funding-instruments", 400),
        cards: integer(options, "cards", 2_000),
        lineItemsPerCampaign: integer(options, "line-items-per-campaign", 0),
        attachmentsPerLineItem: integer(options, "attachments-per-line-item", 0),
        posts: integer(options, "posts", 0),
        seed,
        grantUserIds: granted === null ? [] : [granted.id],
      });
      return [
        `bench account ${summary.accountId}: ${summary.campaigns} campaigns, ${summary.fundingInstruments} funding instruments, ${summary.cards} cards, ${summary.lineItems} line items, ${summary.attachments} attachments, ${summary.posts} posts in ${summary.ms} ms`,
        granted === null
          ? "no user granted (create one, or run the server once to seed the demo user)"
          : `ACCOUNT_ADMIN: @${granted.screenName}`,
      ];
    },
  },
  "reseal-secrets": {
    usage:
      "(after a key rotation: re-seal stored secrets under the first key of ADS_API_SECRET_KEY)",
    run: async (ctx) => [`re-sealed ${await resealSecrets(ctx)} secret(s) under the current key`],
  },
  "demo-credentials": {
    usage: "(prints the fixed dev-only demo credentials)",
    run: () => Promise.resolve(demoCredentialLines()),
  },
};
