import type { AppContext } from "../context.js";
import { parseActivityActions } from "../services/activity-action-input.js";
import { recordActions } from "../services/activity-store.js";
import { optionalText, text, UsageError } from "./options.js";
import type { Options } from "./options.js";

type Command = (ctx: AppContext, options: Options) => Promise<string[]>;

const booleanOf = (options: Options, name: string): boolean => {
  const value = text(options, name);
  if (value !== "true" && value !== "false")
    throw new UsageError(`--${name} must be true or false`);
  return value === "true";
};

/** Validates the action as the admin endpoint does, stores it, prints what it stored. */
async function simulate(ctx: AppContext, input: Record<string, unknown>): Promise<string[]> {
  const parsed = parseActivityActions(
    Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
  );
  if (!parsed.ok) throw new UsageError(parsed.errors.map((error) => error.message).join("; "));
  const eventType = String(input.event_type);
  const { events } = await recordActions(ctx, parsed.actions);
  if (events.length === 0) return [`${eventType}: no app subscribes to it`];
  return events.map(
    (event) => `${eventType}: event ${event.id} for app ${event.appId} (user ${event.forUserId})`,
  );
}

/**
 * issue 18: simulated activity (spec §6 events) from the command line, the same actions the
 * loopback admin endpoint takes. With the server running on PostgreSQL, its open streams see
 * these at their next keep-alive tick (the in-process wake-up does not cross processes).
 */
export const ACTIVITY_COMMANDS: Readonly<Record<string, { usage: string; run: Command }>> = {
  "activity-profile": {
    usage:
      "--user <id> (--bio <text> | --verified true|false | --affiliate true|false | --screen-name <name> | --picture <url> | --banner <url> | --geo <text> | --url <url>)",
    run: (ctx, options) => {
      const user_id = text(options, "user");
      if (options.bio !== undefined) {
        return simulate(ctx, {
          event_type: "profile.update.bio",
          user_id,
          bio: optionalText(options, "bio") ?? "",
        });
      }
      if (options.verified !== undefined) {
        return simulate(ctx, {
          event_type: "profile.update.verified",
          user_id,
          verified: booleanOf(options, "verified"),
        });
      }
      if (options.affiliate !== undefined) {
        return simulate(ctx, {
          event_type: "profile.update.affiliate",
          user_id,
          affiliate: booleanOf(options, "affiliate"),
        });
      }
      // the vendor's other profile events (docs/rest-service.md, deprecated names)
      const other = [
        ["picture", "profile.update.profile_picture", "profile_image_url"],
        ["banner", "profile.update.banner_picture", "banner_url"],
        ["geo", "profile.update.geo", "location"],
        ["url", "profile.update.url", "url"],
      ] as const;
      for (const [option, eventType, field] of other) {
        if (options[option] !== undefined) {
          return simulate(ctx, {
            event_type: eventType,
            user_id,
            [field]: optionalText(options, option) ?? "",
          });
        }
      }
      return simulate(ctx, {
        event_type: "profile.update.screenname",
        user_id,
        screen_name: text(options, "screen-name"),
      });
    },
  },
  "activity-dm": {
    usage:
      "--type dm.sent|dm.received|dm.read|dm.indicate_typing --from <user id> --to <user id> [--text <text>] (text for sent/received)",
    run: (ctx, options) =>
      simulate(ctx, {
        event_type: text(options, "type"),
        sender_id: text(options, "from"),
        recipient_id: text(options, "to"),
        text: optionalText(options, "text"),
      }),
  },
  "activity-space": {
    usage: "--type spaces.start|spaces.end --space <id> --host <user id> [--title <text>]",
    run: (ctx, options) =>
      simulate(ctx, {
        event_type: text(options, "type"),
        space_id: text(options, "space"),
        host_id: text(options, "host"),
        title: optionalText(options, "title"),
      }),
  },
};
