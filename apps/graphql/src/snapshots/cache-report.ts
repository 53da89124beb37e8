import type { ApolloServerPlugin } from "@apollo/server";
import {
  defaultFieldResolver,
  GraphQLObjectType,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from "graphql";

type Path = GraphQLResolveInfo["path"];

/** How an object that came from a snapshot was served. */
export interface SnapshotMark {
  /** True when upstream failed and the last snapshot answered instead. */
  stale: boolean;
  snapshotAt: Date;
}

/** Per request: which resource objects were answered from snapshots. */
export class CacheMarks {
  readonly #marks = new WeakMap<object, SnapshotMark>();
  /** Response paths already reported (graphql-js gives all fields of one object one path). */
  readonly #reported = new WeakSet<Path>();
  /** Paths (as `a.b.0.c`) that resolved to a marked object, filled during execution. */
  readonly paths: { path: string; stale: boolean; snapshotAt: string }[] = [];
  /** False until the first mark: until then no field needs to look at its parent. */
  any = false;

  mark<T extends object>(value: T, mark: SnapshotMark): T {
    this.#marks.set(value, mark);
    this.any = true;
    return value;
  }

  lookup(value: unknown): SnapshotMark | undefined {
    return typeof value === "object" && value !== null ? this.#marks.get(value) : undefined;
  }

  /** Reports `path` (the path of a marked `source`) once. */
  report(source: unknown, path: Path | undefined): void {
    if (path === undefined || this.#reported.has(path)) return;
    const mark = this.lookup(source);
    if (mark === undefined) return;
    this.#reported.add(path);
    this.paths.push({
      path: pathText(path),
      stale: mark.stale,
      snapshotAt: mark.snapshotAt.toISOString(),
    });
  }
}

export interface HasCacheMarks {
  cacheMarks: CacheMarks;
}

function pathText(path: Path): string {
  const keys: (string | number)[] = [];
  for (let at: Path | undefined = path; at !== undefined; at = at.prev) keys.push(at.key);
  return keys.reverse().join(".");
}

const INSTRUMENTED = Symbol("cacheMarkPaths");

/**
 * Makes every field report its parent object's path when that object came from a snapshot (the
 * parent path is the path of the object that a field or list item resolved to). It costs one
 * property read per field while nothing in the request was marked: a marked object is marked
 * before any resolver receives it, so `any` is already set when its fields resolve. An object
 * of which only `__typename` is selected runs no resolver and is not reported.
 */
export function reportCacheMarkPaths(schema: GraphQLSchema): GraphQLSchema {
  const flagged = schema as GraphQLSchema & { [INSTRUMENTED]?: true };
  if (flagged[INSTRUMENTED]) return schema;
  flagged[INSTRUMENTED] = true;
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve: GraphQLFieldResolver<unknown, Partial<HasCacheMarks>> = field.resolve ??
      defaultFieldResolver;
      field.resolve = (source, args, context: Partial<HasCacheMarks>, info) => {
        const marks = context.cacheMarks;
        if (marks?.any === true) marks.report(source, info.path.prev);
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}

/**
 * Adds `extensions.cache` to a response that used snapshots: `stale` is true when any part was
 * answered from a snapshot because upstream failed, and `paths` lists each such field with the
 * time of the snapshot that answered it (collected by `reportCacheMarkPaths`).
 */
export function cacheReportPlugin<Context extends HasCacheMarks>(): ApolloServerPlugin<Context> {
  return {
    requestDidStart() {
      return Promise.resolve({
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
