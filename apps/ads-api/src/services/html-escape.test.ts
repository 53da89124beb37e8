import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html-escape.js";

describe("escapeHtml", () => {
  it("turns every markup character into its entity, and nothing else", () => {
    expect(escapeHtml(`<script>alert(1)</script>' onload='x" & more\``)).toBe(
      "&lt;script&gt;alert(1)&lt;/script&gt;&#39; onload=&#39;x&quot; &amp; more&#96;",
    );
    expect(escapeHtml("café ☕ @adsgraph #tag\nline")).toBe("café ☕ @adsgraph #tag\nline");
  });

  it("escapes an escaped text again (an attribute holding a document)", () => {
    expect(escapeHtml(escapeHtml("<b>&"))).toBe("&amp;lt;b&amp;gt;&amp;amp;");
  });

  it("takes linear time on long hostile input", () => {
    const text = "<&'\"".repeat(250_000);
    expect(escapeHtml(text)).toHaveLength(250_000 * (4 + 5 + 5 + 6));
  });
});
