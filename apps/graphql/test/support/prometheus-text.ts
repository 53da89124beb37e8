/** One sample of Prometheus' text exposition format: `name{label="value",...} value`. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/g;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
}

/** Every sample of a scrape (comments skipped); throws on a line it cannot read. */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const [, name = "", labelText = "", valueText = ""] = match;
    const labels: Record<string, string> = {};
    for (const [, label = "", value = ""] of labelText.matchAll(LABEL))
      labels[label] = unescape(value);
    samples.push({ name, labels, value: Number(valueText) });
  }
  return samples;
}

/** The samples of one metric, as `{ labels, value }`, in the scrape's order. */
export function samplesOf(
  samples: readonly Sample[],
  name: string,
): { labels: Readonly<Record<string, string>>; value: number }[] {
  return samples
    .filter((sample) => sample.name === name)
    .map(({ labels, value }) => ({ labels, value }));
}
