import type { TMatchStatus, TPipelineStatus } from '@medhire/contract/matches';
import { cx } from '@medhire/ui/cx.ts';
import { countOf, noun } from '../../../lib/plural.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 3" for a YYYY-MM-DD week start (a calendar date, so read in UTC). */
export function weekLabel(weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? weekStart : weekFormat.format(date);
}

/** A round step for the axis (1, 2, 5, 10, 20, 50 …) giving about four gridlines above zero. */
function niceStep(max: number): number {
  if (max <= 4) return 1;
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
}

const WIDE_CHART = { width: 560, height: 220, top: 18, right: 8, bottom: 28, left: 32 };
/** On a phone the drawing is narrower, so its labels keep a readable size when scaled to fit. */
const NARROW_CHART = { ...WIDE_CHART, width: 340, height: 200, left: 26 };

/**
 * Applications per week as an SVG bar chart. The picture is summarised in its accessible name,
 * and a table beside it carries every figure for screen readers.
 */
export function WeeklyApplicationsChart({
  weeks,
}: {
  weeks: readonly { weekStart: string; count: number }[];
}) {
  const isNarrow = useMediaQuery('(max-width: 600px)');
  const frame = isNarrow ? NARROW_CHART : WIDE_CHART;
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const busiest = weeks.reduce<{ weekStart: string; count: number } | null>(
    (best, week) => (!best || week.count > best.count ? week : best),
    null,
  );
  const highest = Math.max(0, ...weeks.map((week) => week.count));
  const step = niceStep(highest);
  const max = Math.max(step, Math.ceil(highest / step) * step);
  const plotWidth = frame.width - frame.left - frame.right;
  const plotHeight = frame.height - frame.top - frame.bottom;
  const slot = weeks.length > 0 ? plotWidth / weeks.length : plotWidth;
  const barWidth = Math.min(44, slot * 0.62);
  const ticks = Array.from({ length: max / step + 1 }, (_, index) => index * step);
  const y = (value: number) => frame.top + plotHeight - (value / max) * plotHeight;
  const summary =
    total === 0
      ? `No applications in the last ${weeks.length} weeks.`
      : `${countOf(total, 'application', 'applications')} in the last ${weeks.length} weeks; the busiest was the week of ${weekLabel(busiest?.weekStart ?? '')} with ${busiest?.count}.`;

  return (
    <figure className="chart">
      <svg
        className="chart__svg"
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        role="img"
        aria-label={`Applications per week. ${summary}`}
      >
        {ticks.map((tick) => (
          <g key={tick} className="chart__grid">
            <line x1={frame.left} x2={frame.width - frame.right} y1={y(tick)} y2={y(tick)} />
            <text x={frame.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x = frame.left + slot * index + (slot - barWidth) / 2;
          const top = y(week.count);
          const isLast = index === weeks.length - 1;
          // A phone has room for every other week's date; the current week always keeps its own.
          const hasLabel = !isNarrow || (weeks.length - 1 - index) % 2 === 0;
          return (
            <g key={week.weekStart}>
              <rect
                className={cx('chart__bar', isLast && 'chart__bar--current')}
                x={x}
                y={top}
                width={barWidth}
                height={Math.max(0, frame.top + plotHeight - top)}
                rx={4}
              />
              {week.count > 0 && (
                <text className="chart__value" x={x + barWidth / 2} y={top - 5} textAnchor="middle">
                  {week.count}
                </text>
              )}
              {hasLabel && (
                <text className="chart__label" x={x + barWidth / 2} y={frame.height - 8} textAnchor="middle">
                  {weekLabel(week.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__caption">{summary}</figcaption>
      <table className="visually-hidden">
        <caption>Applications per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Applications</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{weekLabel(week.weekStart)}</th>
              <td>{week.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * Applications at each pipeline stage as horizontal bars, the furthest stages last; rejected
 * applications sit apart, since they left the funnel.
 */
export function PipelineFunnel({
  pipeline,
  stages,
}: {
  pipeline: Partial<Record<TPipelineStatus, number>>;
  stages: readonly TPipelineStatus[];
}) {
  const max = Math.max(1, ...stages.map((stage) => pipeline[stage] ?? 0));
  return (
    <ul className="funnel" aria-label="Applications by pipeline stage">
      {stages.map((stage) => {
        const count = pipeline[stage] ?? 0;
        return (
          <li key={stage} className={cx('funnel__row', `funnel__row--${stage.toLowerCase()}`)}>
            <span className="funnel__label">{stage}</span>
            <span className="funnel__track" aria-hidden="true">
              <span className="funnel__bar" style={{ width: `${(count / max) * 100}%` }} />
            </span>
            <span className="funnel__count">{count}</span>
          </li>
        );
      })}
    </ul>
  );
}

const MATCH_ORDER: readonly TMatchStatus[] = ['pending', 'accepted', 'declined', 'cancelled'];
const MATCH_NAMES: Record<TMatchStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Canceled',
};

/** Match invites by status as a donut with a legend; the legend carries the figures as text. */
export function MatchesDonut({
  matchesByStatus,
}: {
  matchesByStatus: Partial<Record<TMatchStatus, number>>;
}) {
  const total = MATCH_ORDER.reduce((sum, status) => sum + (matchesByStatus[status] ?? 0), 0);
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  let offset = 0;
  return (
    <div className="donut">
      <svg className="donut__svg" viewBox="0 0 140 140" aria-hidden="true" focusable="false">
        <circle className="donut__base" cx="70" cy="70" r={radius} />
        {total > 0 &&
          MATCH_ORDER.map((status) => {
            const share = (matchesByStatus[status] ?? 0) / total;
            if (share === 0) return null;
            const length = share * circumference;
            const segment = (
              <circle
                key={status}
                className={`donut__segment donut__segment--${status}`}
                cx="70"
                cy="70"
                r={radius}
                strokeDasharray={`${length} ${circumference - length}`}
                strokeDashoffset={-offset}
                transform="rotate(-90 70 70)"
              />
            );
            offset += length;
            return segment;
          })}
        <text className="donut__total" x="70" y="68" textAnchor="middle">
          {total}
        </text>
        <text className="donut__total-label" x="70" y="88" textAnchor="middle">
          {noun(total, 'invite')}
        </text>
      </svg>
      <ul className="donut__legend" aria-label={`Invites by answer, ${total} in all`}>
        {MATCH_ORDER.map((status) => {
          const count = matchesByStatus[status] ?? 0;
          return (
            <li key={status}>
              <span className={`donut__swatch donut__swatch--${status}`} aria-hidden="true" />
              <span className="donut__name">{MATCH_NAMES[status]}</span>
              <span className="donut__count">
                {count}
                {total > 0 && <span className="donut__share"> ({Math.round((count / total) * 100)}%)</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
