import type { Page, ParamsOf, RestClient } from "@adsgraph/rest-client";
import { NotFoundError } from "../errors/facade-errors.js";
import { directLoader, perKeyLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import { entityKey, parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";
import type { LoaderOptions } from "./loader-options.js";
import { accountPostOf } from "./post-reads.js";
import type { PostReads } from "./post-reads.js";
import type { AccountPostShape } from "./post-shapes.js";

/**
 * A media library object as far as it is known, with the account whose library holds it. The
 * media library's own reads answer every field; a card describes its media only by key, type,
 * URL, size and duration, and the other fields are then absent.
 */
export interface MediaLibraryObjectShape {
  account_id: string;
  media_key: string;
  name?: string | null;
  file_name?: string | null;
  description?: string | null;
  title?: string | null;
  media_type?: string | null;
  media_category?: string | null;
  media_status?: string | null;
  media_url?: string | null;
  poster_media_url?: string | null;
  poster_media_key?: string | null;
  duration?: number | null;
  aspect_ratio?: string | null;
  width?: number | null;
  height?: number | null;
  posted?: boolean | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted?: boolean | null;
}

type ListParams<Id extends "media_library.list" | "draft_posts.list" | "scheduled_posts.list"> =
  Omit<ParamsOf<Id>, "account_id">;

/** The media library, drafts and scheduled posts lists of an account, and the library by key. */
export interface LibraryReads {
  /**
   * Media library objects by `<account>/<media key>`, one `media_library.get` each (the list
   * looks nothing up by key); a page of the list primes them.
   */
  readonly mediaLibraryObject: ByIdLoader<EntityKey, MediaLibraryObjectShape>;
  mediaLibraryPage(
    accountId: string,
    params: ListParams<"media_library.list">,
  ): Promise<Page<MediaLibraryObjectShape>>;
  /** One page of an account's drafts; primes the draft loader. */
  draftsPage(
    accountId: string,
    params: ListParams<"draft_posts.list">,
  ): Promise<Page<AccountPostShape>>;
  /** One page of an account's waiting scheduled posts; primes the scheduled-post loader. */
  scheduledPostsPage(
    accountId: string,
    params: ListParams<"scheduled_posts.list">,
  ): Promise<Page<AccountPostShape>>;
}

export function libraryReads(
  upstream: RestClient,
  posts: PostReads,
  { batching, traceParent }: LoaderOptions,
): LibraryReads {
  const readOne = async (key: EntityKey): Promise<MediaLibraryObjectShape> => {
    const parsed = parseEntityKey(key);
    if (parsed === null) throw new NotFoundError(`No media library object has the id ${key}.`);
    const { data } = await upstream.call("media_library.get", {
      account_id: parsed.accountId,
      media_key: parsed.id,
    });
    return { ...data, account_id: parsed.accountId };
  };
  const mediaLibraryObject = batching
    ? perKeyLoader(readOne, "media library object", traceParent)
    : directLoader(readOne);

  return {
    mediaLibraryObject,
    async mediaLibraryPage(accountId, params) {
      const answer = await upstream.page("media_library.list", {
        ...params,
        account_id: accountId,
      });
      const items = answer.items.map((item): MediaLibraryObjectShape => ({
        ...item,
        account_id: accountId,
      }));
      // Deleted ones stay out: a read by key without with_deleted answers NOT_FOUND for them.
      for (const item of items) {
        if (!item.deleted) mediaLibraryObject.prime(entityKey(accountId, item.media_key), item);
      }
      return { ...answer, items };
    },
    async draftsPage(accountId, params) {
      const answer = await upstream.page("draft_posts.list", { ...params, account_id: accountId });
      const items = answer.items.map((item) => accountPostOf(item, accountId, "DRAFT"));
      if (batching)
        for (const item of items) posts.draft.prime(entityKey(accountId, item.id), item);
      return { ...answer, items };
    },
    async scheduledPostsPage(accountId, params) {
      const answer = await upstream.page("scheduled_posts.list", {
        ...params,
        account_id: accountId,
      });
      const items = answer.items.map((item) => accountPostOf(item, accountId, "SCHEDULED"));
      if (batching) {
        for (const item of items) posts.scheduledPost.prime(entityKey(accountId, item.id), item);
      }
      return { ...answer, items };
    },
  };
}
