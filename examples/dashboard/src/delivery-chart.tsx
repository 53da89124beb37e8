import { useId } from "react";
import { chartGeometry, HEIGHT, PLOT, WIDTH } from "./delivery-chart-geometry.js";
import type { DeliveryDay } from "./delivery-chart-geometry.js";
import { fullDayStart, shortDay } from "./metrics-range.js";
import { unitsOfMicros } from "./money.js";

/** What the chart needs of one campaign: its days, totals and currency. */
export interface Delivery {
  readonly days: readonly DeliveryDay[];
  readonly totalImpressions: number;
  readonly totalSpendMicros: string;
  readonly currency: string;
}

const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
/** An axis top in currency units: a round number, maybe below 1 (0.5). */
const axisAmount = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/**
 * A campaign's last days as a small SVG: impressions as bars on the left axis, spend as a line
 * with dots on the right axis (two shapes, not only two colours). A screen reader gets the
 * title and a one-sentence summary; the numbers themselves are in a table under "Numbers".
 */
export function DeliveryChart({ name, delivery }: { name: string; delivery: Delivery }) {
  const id = useId();
  const { days, currency } = delivery;
  const g = chartGeometry(days);
  const first = days.at(0);
  const last = days.at(-1);
  const title = `Impressions and spend of ${name}, last ${days.length} days`;
  const summary =
    `${count.format(delivery.totalImpressions)} impressions and ` +
    `${unitsOfMicros(delivery.totalSpendMicros)} ${currency} spent` +
    (first && last ? ` from ${fullDayStart(first.start)}, by day.` : ".");
  return (
    <figure className="delivery">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line className="axis" x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} />
        <text className="tick" x={PLOT.left - 4} y={PLOT.top + 4} textAnchor="end">
          {count.format(g.impressionsMax)}
        </text>
        <text className="tick" x={PLOT.left - 4} y={PLOT.bottom} textAnchor="end">
          0
        </text>
        <text className="tick spend" x={PLOT.right + 4} y={PLOT.top + 4}>
          {axisAmount.format(g.spendMax)} {currency}
        </text>
        <text className="tick spend" x={PLOT.right + 4} y={PLOT.bottom}>
          0
        </text>
        {g.bars.map((bar, i) => (
          <rect
            key={days[i]?.start ?? i}
            className="impressions"
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
          />
        ))}
        {delivery.totalImpressions === 0 && BigInt(delivery.totalSpendMicros) === 0n && (
          <text
            className="empty"
            x={(PLOT.left + PLOT.right) / 2}
            y={(PLOT.top + PLOT.bottom) / 2}
            textAnchor="middle"
          >
            No delivery
          </text>
        )}
        <path className="spend" d={g.spendPath} fill="none" />
        {g.spendPoints.map((point, i) => (
          <circle key={days[i]?.start ?? i} className="spend" cx={point.x} cy={point.y} r={2.5} />
        ))}
        {first && (
          <text className="tick" x={PLOT.left} y={HEIGHT - 4}>
            {shortDay(first.start)}
          </text>
        )}
        {last && days.length > 1 && (
          <text className="tick" x={PLOT.right} y={HEIGHT - 4} textAnchor="end">
            {shortDay(last.start)}
          </text>
        )}
      </svg>
      <figcaption>
        <span className="key impressions">Impressions (bars, left)</span>
        <span className="key spend">Spend (line, right)</span>
      </figcaption>
      <details>
        <summary>Numbers</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day from</th>
              <th scope="col">Impressions</th>
              <th scope="col">Spend ({currency})</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.start}>
                <th scope="row">{fullDayStart(day.start)}</th>
                <td>{count.format(day.impressions)}</td>
                <td>{unitsOfMicros(day.spendMicros)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{count.format(delivery.totalImpressions)}</td>
              <td>{unitsOfMicros(delivery.totalSpendMicros)}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </figure>
  );
}
