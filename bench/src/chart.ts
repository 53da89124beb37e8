/** One reference query's numbers as the chart shows them. */
export interface ChartRow {
  name: string;
  floorMs: number;
  expectedMs: number;
  batchedP50: number;
  batchedP95: number;
  naiveP50: number;
  naiveP95: number;
  minimumRequests: number;
  batchedRequests: number;
  naiveRequests: number;
  /** One line of what the checks found. */
  verdict: string;
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface Bar {
  label: string;
  value: number;
  whisker?: number;
  color: string;
  text: string;
}

/** A set of bars on one linear scale. */
export interface Panel {
  heading: string;
  bars: Bar[];
  unit: string;
}

/** A titled group of panels (a query, a scenario). */
export interface PanelGroup {
  name: string;
  /** One line under the name (what the checks found). */
  verdict: string;
  panels: Panel[];
}

/** Horizontal bar panels, each on its own linear scale, every bar carrying its number. */
export function renderPanels(
  groups: readonly PanelGroup[],
  title: string,
  subtitle: string,
): string {
  const width = 980;
  const labelWidth = 250;
  const barArea = width - labelWidth - 170;
  const barHeight = 18;
  const gap = 6;
  const parts: string[] = [];
  let y = 70;

  const panel = ({ heading, bars, unit }: Panel) => {
    const max = Math.max(...bars.map((b) => b.whisker ?? b.value), 1);
    parts.push(
      `<text x="${labelWidth - 10}" y="${y + 12}" text-anchor="end" class="h">${escape(heading)}</text>`,
    );
    y += 20;
    for (const bar of bars) {
      const w = Math.max(1, (bar.value / max) * barArea);
      parts.push(
        `<text x="${labelWidth - 10}" y="${y + 13}" text-anchor="end">${escape(bar.label)}</text>`,
        `<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${bar.color}"/>`,
      );
      let end = labelWidth + w;
      if (bar.whisker !== undefined && bar.whisker > bar.value) {
        const wx = labelWidth + (bar.whisker / max) * barArea;
        parts.push(
          `<line x1="${end.toFixed(1)}" x2="${wx.toFixed(1)}" y1="${y + barHeight / 2}" y2="${y + barHeight / 2}" stroke="#333"/>`,
          `<line x1="${wx.toFixed(1)}" x2="${wx.toFixed(1)}" y1="${y + 3}" y2="${y + barHeight - 3}" stroke="#333"/>`,
        );
        end = wx;
      }
      parts.push(
        `<text x="${(end + 6).toFixed(1)}" y="${y + 13}">${escape(bar.text)} ${unit}</text>`,
      );
      y += barHeight + gap;
    }
    y += 8;
  };

  for (const group of groups) {
    parts.push(`<text x="20" y="${y + 14}" class="q">${escape(group.name)}</text>`);
    parts.push(`<text x="20" y="${y + 32}" fill="#555">${escape(group.verdict)}</text>`);
    y += 44;
    for (const p of group.panels) panel(p);
    y += 10;
  }
  const height = y + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<style>.h{font-weight:bold;fill:#555}.q{font-weight:bold;font-size:14px}.t{font-size:18px;font-weight:bold}</style>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="20" y="28" class="t">${escape(title)}</text>`,
    `<text x="20" y="50" fill="#555">${escape(subtitle)}</text>`,
    ...parts,
    `</svg>`,
    "",
  ].join("\n");
}

/**
 * A horizontal bar chart per reference query: latency (floor, floor + the facade's own time,
 * loaders on, loaders off) and upstream requests (minimum, loaders on, loaders off). Each
 * panel has its own linear scale; every bar carries its number.
 */
export function renderChart(rows: readonly ChartRow[], title: string, subtitle: string): string {
  return renderPanels(
    rows.map((row) => ({
      name: row.name,
      verdict: row.verdict,
      panels: [
        {
          heading: "latency",
          unit: "ms",
          bars: [
            {
              label: "floor (dependent levels × latency)",
              value: row.floorMs,
              color: "#bbb",
              text: row.floorMs.toFixed(0),
            },
            {
              label: "floor + facade at 0 ms latency",
              value: row.expectedMs,
              color: "#8fb3d9",
              text: row.expectedMs.toFixed(0),
            },
            {
              label: "loaders on: p50 (line to p95)",
              value: row.batchedP50,
              whisker: row.batchedP95,
              color: "#2b6cb0",
              text: `${row.batchedP50.toFixed(0)} (p95 ${row.batchedP95.toFixed(0)})`,
            },
            {
              label: "loaders off: p50 (line to p95)",
              value: row.naiveP50,
              whisker: row.naiveP95,
              color: "#dd6b20",
              text: `${row.naiveP50.toFixed(0)} (p95 ${row.naiveP95.toFixed(0)})`,
            },
          ],
        },
        {
          heading: "upstream requests",
          unit: "",
          bars: [
            {
              label: "minimum",
              value: row.minimumRequests,
              color: "#bbb",
              text: String(row.minimumRequests),
            },
            {
              label: "loaders on",
              value: row.batchedRequests,
              color: "#2b6cb0",
              text: String(row.batchedRequests),
            },
            {
              label: "loaders off",
              value: row.naiveRequests,
              color: "#dd6b20",
              text: String(row.naiveRequests),
            },
          ],
        },
      ],
    })),
    title,
    subtitle,
  );
}
