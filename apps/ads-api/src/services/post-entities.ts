/**
 * Entities of a post's text (spec §2.12 `entities`): @mentions, #hashtags and http(s) URLs, with
 * `[start, end)` offsets in code points, as the vendor's v2 API gives them. One pass over the
 * text with index arithmetic and single-character tests: no regular expression ever runs over
 * the text itself, so a hostile text costs linear time.
 */
export interface MentionEntity {
  readonly start: number;
  readonly end: number;
  readonly username: string;
  /** Filled when a user has this screen name (`resolveMentions`). */
  readonly id?: string;
}
export interface HashtagEntity {
  readonly start: number;
  readonly end: number;
  readonly tag: string;
}
export interface UrlEntity {
  readonly start: number;
  readonly end: number;
  readonly url: string;
  readonly expanded_url: string;
  readonly display_url: string;
}
export interface PostEntities {
  readonly mentions: readonly MentionEntity[];
  readonly hashtags: readonly HashtagEntity[];
  readonly urls: readonly UrlEntity[];
}

/** Screen names are 1 to 15 letters, digits or underscores (as users.ts creates them). */
const SCREEN_NAME_MAX = 15;
const URL_SCHEMES = ["https://", "http://"] as const;
/** Punctuation that ends a sentence rather than a URL. */
const URL_TRAILING = new Set([".", ",", "!", "?", ";", ":", ")", "]", "'", '"']);

const isAsciiWord = (char: string): boolean =>
  (char >= "a" && char <= "z") ||
  (char >= "A" && char <= "Z") ||
  (char >= "0" && char <= "9") ||
  char === "_";
/** Letters and digits of any script, for hashtags (`#café`). One character per test. */
const isTagChar = (char: string): boolean => char === "_" || /^[\p{L}\p{M}\p{N}]$/u.test(char);
const isSpace = (char: string): boolean => /^\s$/u.test(char);

function startsWithAt(chars: readonly string[], index: number, prefix: string): boolean {
  if (index + prefix.length > chars.length) return false;
  for (let offset = 0; offset < prefix.length; offset += 1) {
    if ((chars[index + offset] ?? "").toLowerCase() !== prefix[offset]) return false;
  }
  return true;
}

/** The vendor's display form: no scheme, at most 26 characters of the rest, then `…`. */
function displayUrl(url: string, schemeLength: number): string {
  const rest = Array.from(url.slice(schemeLength)); // code points, as offsets count
  return rest.length > 26 ? `${rest.slice(0, 26).join("")}…` : rest.join("");
}

export function parseEntities(text: string): PostEntities {
  const chars = Array.from(text); // code points: offsets count them (spec §2.12)
  const mentions: MentionEntity[] = [];
  const hashtags: HashtagEntity[] = [];
  const urls: UrlEntity[] = [];
  let index = 0;
  while (index < chars.length) {
    const char = chars[index] ?? "";
    const boundary = index === 0 || !isTagChar(chars[index - 1] ?? "");
    if (boundary && (char === "@" || char === "＠")) {
      let end = index + 1;
      while (
        end < chars.length &&
        end - index - 1 < SCREEN_NAME_MAX &&
        isAsciiWord(chars[end] ?? "")
      )
        end += 1;
      // A name cut at 15 characters that goes on is no screen name.
      const runsOn = end < chars.length && isAsciiWord(chars[end] ?? "");
      if (end > index + 1 && !runsOn) {
        mentions.push({ start: index, end, username: chars.slice(index + 1, end).join("") });
        index = end;
        continue;
      }
    } else if (boundary && (char === "#" || char === "＃")) {
      let end = index + 1;
      let letters = false;
      while (end < chars.length && isTagChar(chars[end] ?? "")) {
        if (!/^\p{N}$/u.test(chars[end] ?? "")) letters = true;
        end += 1;
      }
      // `#1` is a number, not a hashtag.
      if (end > index + 1 && letters) {
        hashtags.push({ start: index, end, tag: chars.slice(index + 1, end).join("") });
        index = end;
        continue;
      }
    } else if (boundary && (char === "h" || char === "H")) {
      const scheme = URL_SCHEMES.find((prefix) => startsWithAt(chars, index, prefix));
      if (scheme !== undefined) {
        let end = index + scheme.length;
        while (end < chars.length && !isSpace(chars[end] ?? "")) end += 1;
        while (end > index + scheme.length && URL_TRAILING.has(chars[end - 1] ?? "")) end -= 1;
        if (end > index + scheme.length) {
          const url = chars.slice(index, end).join("");
          urls.push({
            start: index,
            end,
            url,
            expanded_url: url,
            display_url: displayUrl(url, scheme.length),
          });
          index = end;
          continue;
        }
      }
    }
    index += 1;
  }
  return { mentions, hashtags, urls };
}

/** Fills each mention's user id from `idsByLowerName` (screen names match case-insensitively). */
export function resolveMentions(
  entities: PostEntities,
  idsByLowerName: ReadonlyMap<string, string>,
): PostEntities {
  return {
    ...entities,
    mentions: entities.mentions.map((mention) => {
      const id = idsByLowerName.get(mention.username.toLowerCase());
      return id === undefined ? mention : { ...mention, id };
    }),
  };
}

/**
 * The language tag of a text: this service does no language detection, so a text with letters
 * is `en` and one without (only mentions, links, emoji) is `und`, the vendor's "undetermined".
 */
export function languageOf(text: string, entities: PostEntities): string {
  const covered = new Set<number>();
  for (const entity of [...entities.mentions, ...entities.hashtags, ...entities.urls]) {
    for (let index = entity.start; index < entity.end; index += 1) covered.add(index);
  }
  let index = 0;
  for (const char of text) {
    if (!covered.has(index) && /^\p{L}$/u.test(char)) return "en";
    index += 1;
  }
  return "und";
}
