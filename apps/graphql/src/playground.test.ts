import { describe, expect, it } from "vitest";
import { withSignOut } from "./playground.js";

describe("withSignOut", () => {
  it("adds the button before the closing body tag, leaving a script's '<body>' text alone", () => {
    const page = `<html><body><script>const s = "<body></body>";</script></body></html>`;
    const out = withSignOut(page);
    expect(out.startsWith(`<html><body><script>const s = "<body></body>";</script><div`)).toBe(
      true,
    );
    expect(out).toContain('id="adsgraph-sign-out"');
    expect(out.endsWith("</div></body></html>")).toBe(true);
  });
});
