import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import type { ICruiseResult, IConfiguration } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const config = createRequire(import.meta.url)(
  path.join(root, ".dependency-cruiser.cjs"),
) as IConfiguration;

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

/** The repository's own rules over `paths` of the tree at `baseDir`. */
async function violations(baseDir: string, paths: string[]): Promise<Violation[]> {
  const { output } = await cruise(paths, {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    outputType: "json",
  });
  const result = (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe("the dependency rules", () => {
  it("find nothing wrong in the tree as it is", async () => {
    expect(await violations(root, ["apps", "packages", "bench", "examples", "tests"])).toEqual([]);
  }, 180_000);

  it("leave every app out of the libraries' package.json", async () => {
    const apps = (await readdir(path.join(root, "apps"))).map((name) => `@adsgraph/${name}`);
    for (const name of await readdir(path.join(root, "packages"))) {
      const manifest = JSON.parse(
        await readFile(path.join(root, "packages", name, "package.json"), "utf8"),
      ) as Record<string, Record<string, string> | undefined>;
      const listed = Object.keys({
        ...manifest.dependencies,
        ...manifest.devDependencies,
        ...manifest.peerDependencies,
      });
      expect(
        listed.filter((dependency) => apps.includes(dependency)),
        name,
      ).toEqual([]);
    }
  });
});

describe("each dependency rule fires on a wrong import", () => {
  let dir: string;

  /** A small tree with the repository's layout: each file's imports, by path. */
  const files: Record<string, string> = {
    "apps/ads-api/src/index.ts": "export const api = 1;\n",
    // The context's type is composed of lower layers only: never of services/.
    "apps/ads-api/src/context.ts":
      'import type { Hub } from "./services/hub.js";\nexport interface AppContext { n: number; hub: Hub }\nexport const made = 1;\n',
    "apps/ads-api/src/services/hub.ts": "export interface Hub { n: number }\n",
    "apps/ads-api/src/routes/campaigns.ts": "export const route = 1;\n",
    // db/ is far below routes/.
    "apps/ads-api/src/db/database.ts":
      'import { route } from "../routes/campaigns.js";\nexport const db = route;\n',
    // The type of the context is everyone's; its value is not.
    "apps/ads-api/src/credentials/typed.ts":
      'import type { AppContext } from "../context.js";\nexport const typed = (ctx: AppContext) => ctx.n;\n',
    "apps/ads-api/src/credentials/valued.ts":
      'import { made } from "../context.js";\nexport const valued = made;\n',
    // The role table sits below the grants: it never imports them, even a type.
    "apps/ads-api/src/credentials/grants.ts": "export type Permission = string;\n",
    "apps/ads-api/src/auth/roles.ts":
      'import type { Permission } from "../credentials/grants.js";\nexport const roles: Permission[] = [];\n',
    "apps/graphql/src/schema/index.ts": "export const schema = 1;\n",
    "apps/graphql/src/loaders/loaders.ts":
      'import { schema } from "../schema/index.js";\nexport const loaders = schema;\n',
    "apps/graphql/src/snapshots/snapshot-upstream.ts":
      'import { loaders } from "../loaders/loaders.js";\nexport const snapshots = loaders;\n',
    "packages/models/src/index.ts":
      'import { b } from "./b.js";\nexport const a = 1;\nexport const c = b;\n',
    "packages/models/src/b.ts": 'import { a } from "./index.js";\nexport const b = a;\n',
    // A cycle through type imports alone is one too: the two files cannot be read apart.
    "packages/models/src/shape-a.ts":
      'import type { B } from "./shape-b.js";\nexport interface A { b?: B }\n',
    "packages/models/src/shape-b.ts":
      'import type { A } from "./shape-a.js";\nexport interface B { a?: A }\n',
    "packages/rest-client/src/index.ts": "export const client = 1;\n",
    "packages/oauth/src/index.ts":
      'import { client } from "../../rest-client/src/index.js";\nexport const oauth = client;\n',
    "packages/storage/src/index.ts":
      'import { api } from "../../../apps/ads-api/src/index.js";\nexport const storage = api;\n',
    "packages/storage/src/by-name.ts":
      'import { api } from "@adsgraph/ads-api";\nexport const byName = api;\n',
    // A test helper left under src/, imported by the unit test beside it.
    "apps/graphql/src/loaders/fake.test-support.ts": "export const fake = 1;\n",
    "apps/graphql/src/loaders/loaders.test.ts":
      'import { fake } from "./fake.test-support.js";\nexport const checked = fake;\n',
    // Production modules reaching for test code: the app's kit (by path and by name), a test's
    // support file, vitest. A unit test beside them may import vitest.
    "apps/ads-api/testing/index.ts": "export const kit = 1;\n",
    "apps/ads-api/test/support/actors.ts": "export const actor = 1;\n",
    "apps/ads-api/src/services/kit-by-path.ts":
      'import { kit } from "../../testing/index.js";\nexport const started = kit;\n',
    "apps/ads-api/src/services/test-support.ts":
      'import { actor } from "../../test/support/actors.js";\nexport const acted = actor;\n',
    "apps/graphql/src/loaders/kit-by-name.ts":
      'import { kit } from "@adsgraph/ads-api/testing";\nexport const started = kit;\n',
    "apps/graphql/src/loaders/polls.ts":
      'import { vi } from "vitest";\nexport const wait = vi.waitFor;\n',
    "apps/graphql/src/loaders/polls.test.ts":
      'import { vi } from "vitest";\nexport const wait = vi.waitFor;\n',
  };
  let found: Violation[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "adsgraph-layers-"));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    found = await violations(dir, ["apps", "packages"]);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const broken = (rule: string, from: string) =>
    found.filter((v) => v.rule === rule && v.from === from).map((v) => v.to);

  it("packages-never-import-apps: by path and by package name", () => {
    expect(broken("packages-never-import-apps", "packages/storage/src/index.ts")).toEqual([
      "apps/ads-api/src/index.ts",
    ]);
    expect(broken("packages-never-import-apps", "packages/storage/src/by-name.ts")).toEqual([
      "@adsgraph/ads-api",
    ]);
  });

  it("package-imports: oauth never imports rest-client", () => {
    expect(broken("package-imports", "packages/oauth/src/index.ts")).toEqual([
      "packages/rest-client/src/index.ts",
    ]);
  });

  it("no-circular: a cycle of two modules", () => {
    expect(broken("no-circular", "packages/models/src/b.ts")).toEqual([
      "packages/models/src/index.ts",
    ]);
  });

  it("no-circular: a cycle of type-only imports", () => {
    expect(broken("no-circular", "packages/models/src/shape-a.ts")).toEqual([
      "packages/models/src/shape-b.ts",
    ]);
  });

  it("ads-api-layers: db/ never imports routes/, the context never services/ nor roles the grants, and below the context only its type", () => {
    expect(broken("ads-api-layers", "apps/ads-api/src/db/database.ts")).toEqual([
      "apps/ads-api/src/routes/campaigns.ts",
    ]);
    expect(broken("ads-api-layers", "apps/ads-api/src/context.ts")).toEqual([
      "apps/ads-api/src/services/hub.ts",
    ]);
    expect(broken("ads-api-layers", "apps/ads-api/src/credentials/valued.ts")).toEqual([
      "apps/ads-api/src/context.ts",
    ]);
    expect(broken("ads-api-layers", "apps/ads-api/src/credentials/typed.ts")).toEqual([]);
    expect(broken("ads-api-layers", "apps/ads-api/src/auth/roles.ts")).toEqual([
      "apps/ads-api/src/credentials/grants.ts",
    ]);
  });

  it("graphql-layers: loaders never import schema, the upstream path never imports loaders", () => {
    expect(broken("graphql-layers", "apps/graphql/src/loaders/loaders.ts")).toEqual([
      "apps/graphql/src/schema/index.ts",
    ]);
    expect(broken("graphql-layers", "apps/graphql/src/snapshots/snapshot-upstream.ts")).toEqual([
      "apps/graphql/src/loaders/loaders.ts",
    ]);
  });

  it("no-test-only-module-in-src: a `*.test-support.ts` under src/, whoever imports it", () => {
    expect(
      broken("no-test-only-module-in-src", "apps/graphql/src/loaders/loaders.test.ts"),
    ).toEqual(["apps/graphql/src/loaders/fake.test-support.ts"]);
  });

  it("production-never-imports-tests: the kit, a test's file, vitest; a unit test may", () => {
    const rule = "production-never-imports-tests";
    expect(broken(rule, "apps/ads-api/src/services/kit-by-path.ts")).toEqual([
      "apps/ads-api/testing/index.ts",
    ]);
    expect(broken(rule, "apps/ads-api/src/services/test-support.ts")).toEqual([
      "apps/ads-api/test/support/actors.ts",
    ]);
    expect(broken(rule, "apps/graphql/src/loaders/kit-by-name.ts")).toEqual([
      "@adsgraph/ads-api/testing",
    ]);
    expect(broken(rule, "apps/graphql/src/loaders/polls.ts")).toEqual(["vitest"]);
    expect(broken(rule, "apps/graphql/src/loaders/polls.test.ts")).toEqual([]);
  });

  it("nothing else", () => {
    // Two for packages-never-import-apps, each cycle once, two for graphql and four for ads-api,
    // one test helper under src/, four production modules importing test code.
    expect(found).toHaveLength(16);
  });
});
