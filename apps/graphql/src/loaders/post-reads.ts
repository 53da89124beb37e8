import type { PostType } from "@adsgraph/models";
import type { Page, ParamsOf, RestClient } from "@adsgraph/rest-client";
import DataLoader from "dataloader";
import { NotFoundError } from "../errors/facade-errors.js";
import { tracedBatch } from "../tracing/loader-span.js";
import { accountScopedLoader, directLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import { entityKey, parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";
import type { PostDataLoader } from "./post-data-loader.js";
import type { AccountPostFields, AccountPostShape, PostRecord } from "./post-shapes.js";
import type { LoaderOptions } from "./loader-options.js";

/** Parameters of an account's posts list, the account aside (spec §4.7 GET posts). */
export type AccountPostsParams = Omit<ParamsOf<"posts.list">, "account_id">;

/** A draft or scheduled post type (the by-id reads of the advertising API). */
export type UnpublishedType = Exclude<PostType, "PUBLISHED">;

/** One preview: the account it renders through, the post's type and its id. */
export interface PreviewKey {
  readonly accountId: string;
  readonly postType: PostType;
  readonly postId: string;
}

export interface PostReads {
  /** One page of an account's posts of one type; primes the post, draft and scheduled loaders. */
  page(accountId: string, params: AccountPostsParams): Promise<Page<PostRecord | AccountPostShape>>;
  /**
   * Drafts by `<account>/<id>`: `posts.list post_type=DRAFT post_ids=…` (every timeline, mentions
   * and replies included), ≤200 per request. The list answers the account's full promotable
   * user's posts: a draft by another promotable user is not found by id.
   */
  readonly draft: ByIdLoader<EntityKey, AccountPostShape>;
  /** Scheduled posts by `<account>/<id>`, as drafts. */
  readonly scheduledPost: ByIdLoader<EntityKey, AccountPostShape>;
  /**
   * Iframe previews (spec §4.7 `post_previews`): the previews asked in one tick are read per
   * account and post type, `post_ids` of ≤200 per request.
   */
  readonly preview: ByIdLoader<PreviewKey, string>;
}

/** A draft or scheduled post of the list (or of a write) with its account and type. */
export function accountPostOf(
  item: AccountPostFields,
  accountId: string,
  postType: UnpublishedType,
): AccountPostShape {
  return { ...item, account_id: accountId, post_type: postType };
}

const previewKeyOf = (key: PreviewKey) => `${key.accountId}/${key.postType}/${key.postId}`;

export function postReads(
  upstream: RestClient,
  posts: PostDataLoader,
  { batching, traceParent }: LoaderOptions,
): PostReads {
  const unpublished = (postType: UnpublishedType): ByIdLoader<EntityKey, AccountPostShape> => {
    const what = postType === "DRAFT" ? "draft" : "scheduled post";
    const many = async (accountId: string, ids: string[]) =>
      (
        await upstream.collectMany(
          "posts.list",
          // Any post of these ids: organic and promoted-only, mentions and replies too (the
          // list leaves those out by default).
          {
            account_id: accountId,
            post_type: postType,
            ids,
            timeline_type: "ALL",
            include_mentions_and_replies: true,
          },
          { by: "post_ids" },
        )
      ).map((item) => accountPostOf(item, accountId, postType));
    return batching
      ? accountScopedLoader(what, many, traceParent)
      : directLoader(async (key) => {
          const parsed = parseEntityKey(key);
          const found = parsed && (await many(parsed.accountId, [parsed.id]))[0];
          if (!found) throw new NotFoundError(`No ${what} has the id ${key}.`);
          return found;
        });
  };
  const draft = unpublished("DRAFT");
  const scheduledPost = unpublished("SCHEDULED");

  const readPreviews = async (accountId: string, postType: PostType, ids: string[]) => {
    const { found } = await upstream.getMany(
      "post_previews.list",
      { account_id: accountId, post_type: postType, ids },
      { by: "post_ids" },
    );
    return new Map(found.map((item) => [item.post_id ?? "", item.preview]));
  };
  const missingPreview = (key: PreviewKey) =>
    new NotFoundError(
      `No ${key.postType.toLowerCase()} post ${key.postId} to preview in account ${key.accountId}.`,
    );
  const preview: ByIdLoader<PreviewKey, string> = new DataLoader<PreviewKey, string, string>(
    tracedBatch(
      "post previews",
      async (keys: readonly PreviewKey[]) => {
        const groups = new Map<string, [PreviewKey, ...PreviewKey[]]>();
        for (const key of keys) {
          const group = `${key.accountId}/${key.postType}`;
          const known = groups.get(group);
          if (known === undefined) groups.set(group, [key]);
          else known.push(key);
        }
        const answers = new Map<string, string | Error>();
        await Promise.all(
          [...groups.values()].map(async (group) => {
            const [{ accountId, postType }] = group;
            try {
              const found = await readPreviews(
                accountId,
                postType,
                group.map((key) => key.postId),
              );
              for (const key of group) {
                answers.set(previewKeyOf(key), found.get(key.postId) ?? missingPreview(key));
              }
            } catch (error) {
              const failure = error instanceof Error ? error : new Error(String(error));
              for (const key of group) answers.set(previewKeyOf(key), failure);
            }
          }),
        );
        return keys.map((key) => answers.get(previewKeyOf(key)) ?? missingPreview(key));
      },
      traceParent,
    ),
    { cacheKeyFn: previewKeyOf, batch: batching },
  );

  return {
    async page(accountId, params) {
      const answer = await upstream.page("posts.list", { ...params, account_id: accountId });
      const postType = params.post_type;
      const items = answer.items.map((item): PostRecord | AccountPostShape => {
        if (postType === "PUBLISHED") return posts.primeFromAds(item, accountId);
        const shape = accountPostOf(item, accountId, postType);
        if (batching) {
          (postType === "DRAFT" ? draft : scheduledPost).prime(
            entityKey(accountId, shape.id),
            shape,
          );
        }
        return shape;
      });
      return { ...answer, items };
    },
    draft,
    scheduledPost,
    preview,
  };
}
