// The soak's curve as a picture and a table: each process's RSS and live heap over time, the
// warm-up marked and the 10% band around the value after warm-up drawn.

/** The samples as the curve needs them: seconds and MB. */
export interface CurveSample {
  atSeconds: number;
  facade: { rssMb: number; liveHeapMb: number };
  adsApi: { rssMb: number; liveHeapMb: number };
}

export interface CurveVerdict {
  name: string;
  /** RSS after warm-up: the pass marks' reference. */
  baselineMb: number;
  verdict: string;
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One panel per process: RSS and live heap against time, the band baseline ±10%. */
export function renderCurves(
  samples: readonly CurveSample[],
  verdicts: { facade: CurveVerdict; adsApi: CurveVerdict },
  options: { title: string; subtitle: string; warmupSeconds: number; band: number },
): string {
  const width = 980;
  const panelHeight = 260;
  const left = 70;
  const right = 20;
  const top = 90;
  const gap = 70;
  const plotWidth = width - left - right;
  const maxSeconds = Math.max(1, ...samples.map((s) => s.atSeconds));
  const x = (seconds: number) => left + (seconds / maxSeconds) * plotWidth;
  const parts: string[] = [];
  const panels = [
    ["facade", verdicts.facade],
    ["adsApi", verdicts.adsApi],
  ] as const;
  panels.forEach(([key, verdict], index) => {
    const y0 = top + index * (panelHeight + gap);
    const values = samples.flatMap((s) => [s[key].rssMb, s[key].liveHeapMb]);
    const finite = values.filter(Number.isFinite);
    const high = Math.max(verdict.baselineMb * (1 + options.band), ...finite) * 1.05;
    const y = (mb: number) => y0 + panelHeight - (mb / high) * panelHeight;
    parts.push(
      `<text x="${left}" y="${y0 - 12}" class="h">${escape(verdict.name)}: ${escape(verdict.verdict)}</text>`,
      `<rect x="${left}" y="${y0}" width="${plotWidth}" height="${panelHeight}" class="frame"/>`,
    );
    // The band: baseline ±10%, from the end of warm-up.
    const bandTop = y(verdict.baselineMb * (1 + options.band));
    const bandBottom = y(verdict.baselineMb * (1 - options.band));
    parts.push(
      `<rect x="${x(options.warmupSeconds)}" y="${bandTop}" width="${x(maxSeconds) - x(options.warmupSeconds)}" height="${bandBottom - bandTop}" class="band"/>`,
      `<line x1="${x(options.warmupSeconds)}" y1="${y0}" x2="${x(options.warmupSeconds)}" y2="${y0 + panelHeight}" class="warm"/>`,
      `<text x="${x(options.warmupSeconds) + 4}" y="${y0 + 14}" class="s">end of warm-up</text>`,
    );
    for (let tick = 0; tick <= 4; tick += 1) {
      const mb = (high * tick) / 4;
      parts.push(
        `<text x="${left - 6}" y="${y(mb) + 4}" text-anchor="end" class="s">${Math.round(mb)} MB</text>`,
      );
    }
    const minutes = Math.floor(maxSeconds / 60);
    const step = Math.max(1, Math.ceil(minutes / 10));
    for (let minute = 0; minute <= minutes; minute += step) {
      parts.push(
        `<text x="${x(minute * 60)}" y="${y0 + panelHeight + 16}" text-anchor="middle" class="s">${minute} min</text>`,
      );
    }
    const line = (measure: "rssMb" | "liveHeapMb", cls: string) => {
      const points = samples
        .filter((s) => Number.isFinite(s[key][measure]))
        .map((s) => `${x(s.atSeconds).toFixed(1)},${y(s[key][measure]).toFixed(1)}`);
      if (points.length > 1) parts.push(`<polyline points="${points.join(" ")}" class="${cls}"/>`);
    };
    line("rssMb", "rss");
    line("liveHeapMb", "live");
  });
  const height = top + 2 * (panelHeight + gap);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">
<style>
.t{font-size:18px;font-weight:bold}.st{font-size:12px;fill:#444}.h{font-size:14px;font-weight:bold}.s{font-size:11px;fill:#555}
.frame{fill:none;stroke:#ccc}.band{fill:#2a9d8f;opacity:0.12}.warm{stroke:#999;stroke-dasharray:4 3}
.rss{fill:none;stroke:#264653;stroke-width:1.6}.live{fill:none;stroke:#e76f51;stroke-width:1.2}
</style>
<rect width="100%" height="100%" fill="white"/>
<text x="${left}" y="28" class="t">${escape(options.title)}</text>
<text x="${left}" y="48" class="st">${escape(options.subtitle)} Dark: RSS; orange: live heap (after the last full collection); band: RSS after warm-up ±${Math.round(options.band * 100)}%.</text>
${parts.join("\n")}
</svg>
`;
}

/** A markdown table of the samples, one row per `everySeconds` (the curve in numbers). */
export function curveTable(samples: readonly CurveSample[], everySeconds: number): string {
  const rows = [
    "| Time | Facade RSS MB | Facade live heap MB | ads-api RSS MB | ads-api live heap MB |",
  ];
  rows.push("| ---: | ---: | ---: | ---: | ---: |");
  let next = 0;
  for (const sample of samples) {
    if (sample.atSeconds < next) continue;
    next = sample.atSeconds + everySeconds;
    const minutes = `${Math.floor(sample.atSeconds / 60)}:${String(sample.atSeconds % 60).padStart(2, "0")}`;
    rows.push(
      `| ${minutes} | ${sample.facade.rssMb} | ${sample.facade.liveHeapMb} | ${sample.adsApi.rssMb} | ${sample.adsApi.liveHeapMb} |`,
    );
  }
  return rows.join("\n");
}
