export interface Bar {
  label: string;
  value: number;
  /** The value as the reader sees it ("24 h", "75%"); the number itself by default. */
  display?: string;
}

/**
 * A horizontal bar chart of plain boxes, so its text keeps the page's size on a phone as on a
 * laptop (an SVG scaled to fit would shrink it). It is one image to assistive technology, named by
 * a sentence with every value; the table beside it carries the same figures to read cell by cell.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const description = `${title}: ${bars.map((bar) => `${bar.label} ${bar.display ?? bar.value}`).join(', ')}`;
  return (
    <div className="bar-chart" role="img" aria-label={description}>
      {bars.map((bar) => {
        const share = largest > 0 ? Math.max(bar.value > 0 ? 1 : 0, (bar.value / largest) * 100) : 0;
        return (
          <div className="bar-chart__row" key={bar.label}>
            <span className="bar-chart__label" title={bar.label}>
              {bar.label}
            </span>
            <span className="bar-chart__track">
              <span className="bar-chart__bar" style={{ width: `${share}%` }} />
            </span>
            <span className="bar-chart__value">{bar.display ?? bar.value}</span>
          </div>
        );
      })}
    </div>
  );
}
