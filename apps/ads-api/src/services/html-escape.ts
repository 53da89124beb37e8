/** The characters that end or open markup in HTML text and in quoted attribute values. */
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/**
 * Text as HTML text or a quoted attribute value: each markup character becomes its entity.
 * One replacement per single character (a one-character class cannot backtrack), so any input
 * costs linear time.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => ENTITIES[char] ?? char);
}
