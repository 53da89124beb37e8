import { describe, expect, it } from "vitest";
import { readBearerAuthorization } from "./bearer-header.js";

describe("readBearerAuthorization", () => {
  it("reads the token of the Bearer scheme and nothing else", () => {
    expect(readBearerAuthorization("Bearer abc-123_x")).toBe("abc-123_x");
    expect(readBearerAuthorization("bearer  abc ")).toBe("abc");
    expect(readBearerAuthorization(undefined)).toBeUndefined();
    expect(readBearerAuthorization("Basic abc")).toBeUndefined();
    expect(readBearerAuthorization('OAuth oauth_token="abc"')).toBeUndefined();
    expect(readBearerAuthorization("Bearer a b")).toBeUndefined();
  });
});
