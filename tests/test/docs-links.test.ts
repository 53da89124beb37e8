import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { endpoints } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { anchorsOf, brokenLinks, DIRECTORY, linksOf, slugify } from "./support/markdown-links.js";
import type { Lookup } from "./support/markdown-links.js";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The pages a newcomer is sent to from the README (issue 31). */
const PAGES = [
  "architecture",
  "benchmarks",
  "cli",
  "configuration",
  "graphql",
  "operations",
  "rest-client",
  "rest-service",
];

const onDisk: Lookup = (repoPath) => {
  const full = path.join(root, repoPath);
  try {
    return statSync(full).isDirectory() ? DIRECTORY : readFileSync(full, "utf8");
  } catch {
    return undefined;
  }
};

/** README.md, DEVELOPERS.md, docs/*.md and every app's, package's and example's README. */
function documentation(): string[] {
  const inFolder = (folder: string) =>
    readdirSync(path.join(root, folder)).map((name) => `${folder}/${name}`);
  return [
    "README.md",
    "DEVELOPERS.md",
    ...inFolder("docs").filter((file) => file.endsWith(".md")),
    ...["apps", "packages", "examples", "tooling"]
      .flatMap(inFolder)
      .map((folder) => `${folder}/README.md`)
      .filter((file) => onDisk(file) !== undefined),
  ];
}

const text = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the documentation", () => {
  it("has no relative link to a missing file or heading", () => {
    const files = documentation();
    expect(files).toEqual(expect.arrayContaining(["packages/rest-client/README.md"]));
    expect(files.flatMap((file) => brokenLinks(file, text(file), onDisk))).toEqual([]);
  });

  it("keeps the README short, linking every page", () => {
    const readme = text("README.md");
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
    const targets = linksOf(readme).map((link) => link.target.split("#")[0]);
    expect(PAGES.map((page) => `docs/${page}.md`).filter((t) => !targets.includes(t))).toEqual([]);
  });

  it("lists every endpoint beyond the spec in docs/rest-service.md", () => {
    const page = text("docs/rest-service.md");
    const beyond = endpoints.filter((endpoint) => endpoint.beyondSpec !== null);
    expect(beyond.length).toBeGreaterThan(0);
    expect(beyond.map((e) => e.id).filter((id) => !page.includes(`\`${id}\``))).toEqual([]);
  });
});

describe("the link check", () => {
  const files: Record<string, string> = {
    "README.md": "# Top\n",
    "docs/guide.md": "# Guide\n\n## Set up\n\n```sh\n# not a heading\n```\n\n## Set up\n",
    "bench/results/run.json": "{}",
  };
  const lookup: Lookup = (repoPath) =>
    files[repoPath] ??
    (Object.keys(files).some((file) => file.startsWith(`${repoPath}/`)) ? DIRECTORY : undefined);
  const check = (markdown: string) => brokenLinks("docs/page.md", markdown, lookup);

  it("slugs headings as GitHub does", () => {
    expect(slugify("Faults, linear time and soak")).toBe("faults-linear-time-and-soak");
    expect(slugify("Command line (adsgraph)")).toBe("command-line-adsgraph");
    expect(slugify("`UPSTREAM_VALIDATION` and **you**")).toBe("upstream_validation-and-you");
    expect(slugify("Selection → post-data parameters")).toBe("selection--post-data-parameters");
    expect([...anchorsOf(files["docs/guide.md"] ?? "")]).toEqual(["guide", "set-up", "set-up-1"]);
  });

  it("passes links that resolve", () => {
    const good = [
      "[g](guide.md)",
      "[g](guide.md#set-up-1)",
      "[r](../README.md#top)",
      "![run](../bench/results/run.json)",
      "[dir](../bench/results/)",
      "[web](https://example.com/missing.md#nowhere)",
      "[me](#here)",
      "`[in code](missing.md)`",
      "```md\n[in a fence](missing.md)\n```",
    ];
    expect(check(`# Here\n\n${good.join("\n")}\n`)).toEqual([]);
  });

  it("fails a link to a missing file, a missing heading or outside the repository", () => {
    const bad = "# Here\n\n[a](gide.md) [b](guide.md#setup)\n[c](#there)\n[d](../../x.md)\n[e]()\n";
    expect(check(bad)).toEqual([
      "docs/page.md:3: gide.md (no such file)",
      "docs/page.md:3: guide.md#setup (no heading #setup)",
      "docs/page.md:4: #there (no heading #there)",
      "docs/page.md:5: ../../x.md (no such file)",
      "docs/page.md:6:  (empty link)",
    ]);
  });
});
