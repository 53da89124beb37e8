import { createContextKey, ROOT_CONTEXT } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { SyncContextManager } from "./sync-context-manager.js";

const KEY = createContextKey("test");
const withValue = (value: string) => ROOT_CONTEXT.setValue(KEY, value);
const valueOf = (manager: SyncContextManager) => manager.active().getValue(KEY);

describe("SyncContextManager", () => {
  it("makes a context active while its function runs, nested, and restores the one before", () => {
    const manager = new SyncContextManager();
    expect(manager.active()).toBe(ROOT_CONTEXT);
    const seen = manager.with(withValue("outer"), () => {
      const inner = manager.with(withValue("inner"), () => valueOf(manager));
      return [inner, valueOf(manager)];
    });
    expect(seen).toEqual(["inner", "outer"]);
    expect(manager.active()).toBe(ROOT_CONTEXT);
  });

  it("restores the context when the function throws", () => {
    const manager = new SyncContextManager();
    expect(() =>
      manager.with(withValue("x"), () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(manager.active()).toBe(ROOT_CONTEXT);
  });

  it("carries nothing across an await: parents are handed on explicitly", async () => {
    const manager = new SyncContextManager();
    const before = manager.with(withValue("x"), async () => {
      const sync = valueOf(manager);
      await Promise.resolve();
      return [sync, valueOf(manager)];
    });
    expect(await before).toEqual(["x", undefined]);
  });

  it("binds a function to a context, passing its this and arguments on", () => {
    const manager = new SyncContextManager();
    function add(this: { base: number }, n: number) {
      return [this.base + n, valueOf(manager)] as const;
    }
    const target = { base: 40 };
    const bound = manager.bind(withValue("bound"), add);
    expect(bound.call(target, 2)).toEqual([42, "bound"]);
    expect(manager.bind(withValue("x"), 7)).toBe(7);
  });
});
