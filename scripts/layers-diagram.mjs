// Draws the layers of scripts/layers.cjs (the tables .dependency-cruiser.cjs enforces) as a
// mermaid block in docs/architecture.md between the `layers:` markers. `--check` only fails when
// the committed block is out of date (run by `pnpm lint:layers`).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { APP_LAYERS, PACKAGE_IMPORTS } = createRequire(import.meta.url)("./layers.cjs");
const page = path.join(root, "docs", "architecture.md");
const name = path.relative(root, page);
const START = "<!-- layers:start (pnpm layers:diagram) -->";
const END = "<!-- layers:end -->";

const id = (...parts) => parts.join("_").replace(/[^A-Za-z0-9_]/g, "_");

export function diagram() {
  const lines = ["```mermaid", "flowchart TB"];
  for (const [app, { layers }] of Object.entries(APP_LAYERS)) {
    lines.push(`  subgraph ${id(app)}["apps/${app}/src, top imports down"]`, "    direction TB");
    for (const [name, entries] of layers) {
      lines.push(`    ${id(app, name)}["${name}: ${entries.join(" ")}"]`);
    }
    for (let i = 1; i < layers.length; i += 1) {
      lines.push(`    ${id(app, layers[i - 1][0])} --> ${id(app, layers[i][0])}`);
    }
    lines.push("  end");
  }
  lines.push('  subgraph packages["packages/ (never import an app)"]');
  for (const name of Object.keys(PACKAGE_IMPORTS)) lines.push(`    ${id("pkg", name)}["${name}"]`);
  for (const [name, allowed] of Object.entries(PACKAGE_IMPORTS)) {
    for (const library of allowed) lines.push(`    ${id("pkg", name)} --> ${id("pkg", library)}`);
  }
  lines.push("  end");
  for (const app of Object.keys(APP_LAYERS)) lines.push(`  ${id(app)} --> packages`);
  lines.push("```");
  return lines.join("\n");
}

function withDiagram(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${name} has no ${START} … ${END} block`);
  return `${text.slice(0, start + START.length)}\n\n${diagram()}\n\n${text.slice(end)}`;
}

const text = readFileSync(page, "utf8");
const next = withDiagram(text);
if (process.argv.includes("--check")) {
  if (next !== text) {
    console.error(`${name}: the layers diagram is out of date; run \`pnpm layers:diagram\``);
    process.exit(1);
  }
} else if (next !== text) {
  writeFileSync(page, next);
}
