const OPENERS = new Set(["{", "[", "("]);
const CLOSERS = new Set(["}", "]", ")"]);

/** Where the string starting at `at` (its opening quote) ends: just past its closing quote. */
function stringEnd(source: string, at: number): number {
  if (source.startsWith('"""', at)) {
    // A block string ends at the first `"""` not escaped as `\"""` (GraphQL spec §2.9.4).
    let from = at + 3;
    for (;;) {
      const close = source.indexOf('"""', from);
      if (close === -1) return source.length;
      if (source[close - 1] !== "\\") return close + 3;
      from = close + 3;
    }
  }
  for (let index = at + 1; index < source.length; index += 1) {
    const char = source[index];
    if (char === "\\") index += 1;
    else if (char === '"' || char === "\n" || char === "\r") return index + 1;
  }
  return source.length;
}

/**
 * Whether a GraphQL document nests selection sets, list and object values and argument lists
 * (`{`, `[`, `(`) more than `max` levels deep, read in one pass over its text, strings and
 * comments skipped. graphql-js' parser recurses once or more per level and overflows Node's
 * call stack at a few thousand (`{ f(a: [[[…]]]) }`, `{a{a{a…}}}`), within the token limit;
 * this runs before it (issue 34). A document that does not parse is left to the parser.
 */
export function documentNestingExceeds(source: string, max: number): boolean {
  let depth = 0;
  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? "";
    if (char === '"') {
      index = stringEnd(source, index);
      continue;
    }
    if (char === "#") {
      while (index < source.length && source[index] !== "\n" && source[index] !== "\r") index += 1;
      continue;
    }
    if (OPENERS.has(char)) {
      depth += 1;
      if (depth > max) return true;
    } else if (CLOSERS.has(char) && depth > 0) {
      depth -= 1;
    }
    index += 1;
  }
  return false;
}
