import path from "node:path";

/** What a `Lookup` answers for a directory. */
export const DIRECTORY = Symbol("directory");

/** What a repository path holds: a file's text, a directory, or nothing. */
export type Lookup = (repoPath: string) => string | typeof DIRECTORY | undefined;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The lines of a Markdown text outside fenced code blocks, numbered from 1. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, index) => {
    const marks = FENCE.exec(text)?.[1];
    if (fence === undefined) {
      if (marks === undefined) out.push({ text, line: index + 1 });
      else fence = marks;
    } else if (marks !== undefined && marks[0] === fence[0] && marks.length >= fence.length) {
      // A fence closes with the same character, at least as many times.
      fence = undefined;
    }
  });
  return out;
}

/** A heading's text as GitHub renders it: code spans, links and emphasis marks unwrapped. */
function rendered(text: string): string {
  return text
    .replace(/(`+)(.*?)\1/g, "$2")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*+/g, "");
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces to `-`. */
export function slugify(heading: string): string {
  return rendered(heading)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a Markdown text defines: one per ATX heading, repeats numbered `-1`, `-2`, … */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = slugify(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export interface Link {
  readonly target: string;
  readonly line: number;
}

/** Inline links, images and reference definitions outside code (fences and code spans). */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/(`+).*?\1/g, "code");
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1] ?? "", line });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/.exec(prose)?.[1];
    if (definition !== undefined) links.push({ target: definition, line });
  }
  return links;
}

/**
 * Each relative link of `file` (a repository path) that resolves to nothing: a path that does
 * not exist, or a `#anchor` that no heading of the target Markdown file (or of `file` itself)
 * defines. Absolute URLs (`https:`, `mailto:`) are not followed.
 */
export function brokenLinks(file: string, markdown: string, lookup: Lookup): string[] {
  const broken: string[] = [];
  for (const { target, line } of linksOf(markdown)) {
    const where = `${file}:${line}: ${target}`;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
    if (target === "") {
      broken.push(`${where} (empty link)`);
      continue;
    }
    const hash = target.indexOf("#");
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = path.posix.normalize(
      pathPart.startsWith("/")
        ? pathPart.slice(1)
        : path.posix.join(path.posix.dirname(file), pathPart || path.posix.basename(file)),
    );
    const found =
      pathPart === ""
        ? markdown
        : resolved === ".." || resolved.startsWith("../")
          ? undefined
          : lookup(resolved.replace(/\/$/, ""));
    if (found === undefined) {
      broken.push(`${where} (no such file)`);
    } else if (anchor !== undefined && found !== DIRECTORY && resolved.endsWith(".md")) {
      if (!anchorsOf(found).has(anchor)) broken.push(`${where} (no heading #${anchor})`);
    }
  }
  return broken;
}
