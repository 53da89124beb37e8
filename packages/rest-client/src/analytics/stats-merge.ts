import type { Granularity, MetricValue, StatsAnswer, StatsEntry } from "@adsgraph/models";

type Series = (number | null)[];
type IdData = StatsEntry["id_data"][number];

const zeros = (length: number): Series => new Array<number | null>(length).fill(0);

/** Element-wise sum; a position null in both stays null. */
function addSeries(a: Series, b: Series): Series {
  return a.map((value, i) => {
    const other = b[i] ?? null;
    return value === null && other === null ? null : (value ?? 0) + (other ?? 0);
  });
}

/** One window's value of a metric (or of a breakdown part) as a series; null means zeros. */
const seriesOf = (value: Series | null | undefined, length: number): Series =>
  value ?? zeros(length);

/**
 * Joins one metric's values over consecutive windows: HOUR and DAY series are concatenated,
 * TOTAL summed. A window without data (null or absent) counts as zeros of its length; the
 * result is null only when every window is.
 */
function mergeMetric(
  values: readonly (MetricValue | undefined)[],
  lengths: readonly number[],
  granularity: Granularity,
): MetricValue {
  if (values.every((value) => value === null || value === undefined)) return null;
  const join = (parts: readonly Series[]): Series =>
    granularity === "TOTAL" ? parts.reduce((sum, part) => addSeries(sum, part)) : parts.flat();
  const breakdown = values.find(
    (value): value is Record<string, Series | null> =>
      value !== null && value !== undefined && !Array.isArray(value),
  );
  if (breakdown === undefined) {
    return join(
      values.map((value, i) => seriesOf(value as Series | null | undefined, lengths[i] ?? 0)),
    );
  }
  const partNames = [
    ...new Set(
      values.flatMap((value) =>
        value !== null && value !== undefined && !Array.isArray(value) ? Object.keys(value) : [],
      ),
    ),
  ];
  const merged: Record<string, Series | null> = {};
  for (const part of partNames) {
    const perWindow = values.map((value) =>
      value !== null && value !== undefined && !Array.isArray(value) ? (value[part] ?? null) : null,
    );
    merged[part] = perWindow.every((v) => v === null)
      ? null
      : join(perWindow.map((v, i) => seriesOf(v, lengths[i] ?? 0)));
  }
  return merged;
}

const segmentKey = (segment: IdData["segment"]) =>
  segment === null ? "" : `${segment.segment_name ?? ""}\u0000${segment.segment_value ?? ""}`;

/**
 * The entries of consecutive windows' answers (in time order) merged per id: one entry per id
 * of `ids` that any answer names, its `id_data` merged per segment (metrics by `mergeMetric`).
 */
export function mergeWindowAnswers(
  ids: readonly string[],
  answers: readonly StatsAnswer[],
  granularity: Granularity,
): Map<string, StatsEntry> {
  const lengths = answers.map((answer) => answer.time_series_length);
  const byId = answers.map((answer) => new Map(answer.data.map((entry) => [entry.id, entry])));
  const out = new Map<string, StatsEntry>();
  for (const id of ids) {
    const entries = byId.map((entries) => entries.get(id));
    const first = entries.find((entry) => entry !== undefined);
    if (first === undefined) continue;
    if (answers.length === 1) {
      out.set(id, first);
      continue;
    }
    const segments = new Map<string, IdData["segment"]>();
    for (const entry of entries) {
      for (const item of entry?.id_data ?? []) segments.set(segmentKey(item.segment), item.segment);
    }
    const idData: IdData[] = [...segments].map(([key, segment]) => {
      const items = entries.map((entry) =>
        entry?.id_data.find((item) => segmentKey(item.segment) === key),
      );
      const names = [...new Set(items.flatMap((item) => Object.keys(item?.metrics ?? {})))];
      const metrics: Record<string, MetricValue> = {};
      for (const name of names) {
        metrics[name] = mergeMetric(
          items.map((item) => item?.metrics[name]),
          lengths,
          granularity,
        );
      }
      return { segment, metrics };
    });
    out.set(id, { ...first, id_data: idData });
  }
  return out;
}
