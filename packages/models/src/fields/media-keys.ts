import { z } from "zod";
import { LIMITS } from "../limits.js";
import { mediaKey } from "../resources/media.js";
import type { MediaKind, RuleContext } from "../rules/context.js";
import { VIOLATION_CODES } from "../violations.js";
import { fieldIssue } from "./issue.js";
import { sized } from "./size-rules.js";
import { splitCommaList } from "./lists.js";

/** A media key with its kind stated by the caller (a typed client knows what it uploaded). */
export interface MediaKeyRef {
  readonly key: string;
  readonly kind: MediaKind;
}

const MEDIA_KINDS = ["image", "gif", "video"] as const satisfies readonly MediaKind[];

const item = z.strictObject({ key: mediaKey, kind: z.enum(MEDIA_KINDS).optional() });

export interface MediaKeysOptions {
  /** spec §4.7 draft update: an empty value removes the media. */
  readonly allowEmpty?: boolean;
}

/**
 * `media_keys` of posts and drafts. Input: the comma string, or an array whose items are
 * keys or `{key, kind}`. A key's kind comes from the item, else from `context.mediaKind`;
 * keys of unknown kind count as images, the most permissive reading. Output: `string[]`.
 * spec §8: 4 images, or 1 animated GIF, or 1 video.
 */
export function mediaKeys(context: RuleContext, options: MediaKeysOptions = {}) {
  const schema = z
    .union(
      [
        z.string(),
        z.array(
          z.union([
            z.string(),
            z.strictObject({ key: z.string(), kind: z.enum(MEDIA_KINDS).optional() }),
          ]),
        ),
      ],
      {
        error:
          "must be an array of media keys (or {key, kind} objects) or one comma-separated string",
      },
    )
    .transform((value) =>
      (typeof value === "string" ? splitCommaList(value) : value).map((entry) =>
        typeof entry === "string" ? { key: entry } : entry,
      ),
    )
    .pipe(
      z.array(item).superRefine((refs, ctx) => {
        if (refs.length === 0 && options.allowEmpty !== true) {
          fieldIssue(ctx, VIOLATION_CODES.INVALID_PARAMETER, "must list at least one media key");
        }
        checkMediaPerPost(
          refs.map((ref) => ref.kind ?? context.mediaKind(ref.key)),
          ctx,
        );
      }),
    )
    .transform((refs) => refs.map((ref) => ref.key));
  // Items are checked for length before anything else; their number by the media rule below.
  return sized(schema, {
    kind: "list",
    maxItems: null,
    item: { kind: "id", max: LIMITS.adsIdLength },
  });
}

function checkMediaPerPost(
  kinds: ReadonlyArray<MediaKind | undefined>,
  ctx: z.RefinementCtx,
): void {
  const { image, gif, video } = LIMITS.mediaPerPost;
  const solo = kinds.find((kind) => kind === "gif" || kind === "video");
  if (solo !== undefined) {
    const max = solo === "gif" ? gif : video;
    if (kinds.length > max) {
      fieldIssue(
        ctx,
        VIOLATION_CODES.TOO_MANY_ITEMS,
        `may hold ${max} ${solo === "gif" ? "animated GIF" : "video"} alone, or up to ${image} images (got ${kinds.length} keys: ${kinds.map((kind) => kind ?? "unknown").join(", ")})`,
      );
    }
  } else if (kinds.length > image) {
    fieldIssue(
      ctx,
      VIOLATION_CODES.TOO_MANY_ITEMS,
      `may hold at most ${image} images (got ${kinds.length})`,
    );
  }
}
