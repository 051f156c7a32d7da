export interface Bar {
  label: string;
  value: number;
  /** The value as the reader sees it ("24 h", "75%"); the number itself by default. */
  display?: string;
}

const ROW_HEIGHT = 32;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 80;
const WIDTH = 520;

/**
 * A horizontal bar chart drawn in SVG. It is one image to assistive technology, named by a
 * sentence with every value; the table beside it carries the same figures to read cell by cell.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const description = `${title}: ${bars.map((bar) => `${bar.label} ${bar.display ?? bar.value}`).join(', ')}`;
  const height = bars.length * ROW_HEIGHT;
  return (
    <svg
      className="bar-chart"
      role="img"
      aria-label={description}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="xMinYMin meet"
    >
      {bars.map((bar, index) => {
        const y = index * ROW_HEIGHT;
        const length = largest > 0 ? Math.max(bar.value > 0 ? 2 : 0, (bar.value / largest) * barSpace) : 0;
        return (
          <g key={bar.label}>
            <text x={LABEL_WIDTH - 8} y={y + ROW_HEIGHT / 2} className="bar-chart__label" textAnchor="end">
              {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + 6}
              width={length}
              height={ROW_HEIGHT - 12}
              rx={3}
              className="bar-chart__bar"
            />
            <text x={LABEL_WIDTH + length + 6} y={y + ROW_HEIGHT / 2} className="bar-chart__value">
              {bar.display ?? bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
