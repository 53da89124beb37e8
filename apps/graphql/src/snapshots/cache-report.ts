import type { ApolloServerPlugin } from "@apollo/server";
import { responsePathAsArray } from "graphql";

/** How an object that came from a snapshot was served. */
export interface SnapshotMark {
  /** True when upstream failed and the last snapshot answered instead. */
  stale: boolean;
  snapshotAt: Date;
}

/** Per request: which resource objects were answered from snapshots. */
export class CacheMarks {
  readonly #marks = new WeakMap<object, SnapshotMark>();
  /** Paths (as `a.b.0.c`) that resolved to a marked object, filled during execution. */
  readonly paths: { path: string; stale: boolean; snapshotAt: string }[] = [];

  mark<T extends object>(value: T, mark: SnapshotMark): T {
    this.#marks.set(value, mark);
    return value;
  }

  lookup(value: unknown): SnapshotMark | undefined {
    return typeof value === "object" && value !== null ? this.#marks.get(value) : undefined;
  }
}

export interface HasCacheMarks {
  cacheMarks: CacheMarks;
}

/**
 * Adds `extensions.cache` to a response that used snapshots: `stale` is true when any part was
 * answered from a snapshot because upstream failed, and `paths` lists each such field with the
 * time of the snapshot that answered it.
 */
export function cacheReportPlugin<Context extends HasCacheMarks>(): ApolloServerPlugin<Context> {
  return {
    requestDidStart() {
      return Promise.resolve({
        executionDidStart() {
          return Promise.resolve({
            willResolveField({ info, contextValue }) {
              return (_error, result) => {
                const marks = contextValue.cacheMarks;
                const record = (value: unknown, path: string) => {
                  const mark = marks.lookup(value);
                  if (mark) {
                    marks.paths.push({
                      path,
                      stale: mark.stale,
                      snapshotAt: mark.snapshotAt.toISOString(),
                    });
                  }
                };
                const path = responsePathAsArray(info.path).join(".");
                if (Array.isArray(result))
                  result.forEach((item, index) => {
                    record(item, `${path}.${index}`);
                  });
                else record(result, path);
              };
            },
          });
        },
        willSendResponse({ response, contextValue }) {
          const { paths } = contextValue.cacheMarks;
          if (paths.length === 0 || response.body.kind !== "single") return Promise.resolve();
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            cache: { stale: paths.some((p) => p.stale), paths },
          };
          return Promise.resolve();
        },
      });
    },
  };
}
