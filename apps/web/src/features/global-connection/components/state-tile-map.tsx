import { stateName } from '@medhire/ui/us-states.ts';
import { useRef, useState } from 'react';
import { countOf } from '../../../lib/plural.ts';

/**
 * A tile-grid cartogram of the 50 states and DC: each state one equal square placed roughly
 * where it lies, so small north-eastern states are as easy to read and click as Texas, and
 * no map tiles or geometry need to be downloaded. Column and row of each USPS code.
 */
export const STATE_TILES: readonly (readonly [code: string, column: number, row: number])[] = [
  ['AK', 0, 0],
  ['ME', 11, 0],
  ['WI', 6, 1],
  ['VT', 10, 1],
  ['NH', 11, 1],
  ['WA', 1, 2],
  ['ID', 2, 2],
  ['MT', 3, 2],
  ['ND', 4, 2],
  ['MN', 5, 2],
  ['IL', 6, 2],
  ['MI', 7, 2],
  ['NY', 9, 2],
  ['MA', 10, 2],
  ['OR', 1, 3],
  ['NV', 2, 3],
  ['WY', 3, 3],
  ['SD', 4, 3],
  ['IA', 5, 3],
  ['IN', 6, 3],
  ['OH', 7, 3],
  ['PA', 8, 3],
  ['NJ', 9, 3],
  ['CT', 10, 3],
  ['RI', 11, 3],
  ['CA', 1, 4],
  ['UT', 2, 4],
  ['CO', 3, 4],
  ['NE', 4, 4],
  ['MO', 5, 4],
  ['KY', 6, 4],
  ['WV', 7, 4],
  ['VA', 8, 4],
  ['MD', 9, 4],
  ['DE', 10, 4],
  ['AZ', 2, 5],
  ['NM', 3, 5],
  ['KS', 4, 5],
  ['AR', 5, 5],
  ['TN', 6, 5],
  ['NC', 7, 5],
  ['SC', 8, 5],
  ['DC', 9, 5],
  ['OK', 4, 6],
  ['LA', 5, 6],
  ['MS', 6, 6],
  ['AL', 7, 6],
  ['GA', 8, 6],
  ['HI', 0, 7],
  ['TX', 4, 7],
  ['FL', 9, 7],
];

/**
 * The tile an arrow key moves to: left/right go to the neighbour in reading order, up/down to
 * the tile in the row above or below whose column is closest.
 */
export function tileInDirection(code: string, key: string): string | null {
  const ordered = [...STATE_TILES].sort((a, b) => a[2] - b[2] || a[1] - b[1]);
  const index = ordered.findIndex(([entry]) => entry === code);
  const tile = ordered[index];
  if (!tile) return null;
  if (key === 'ArrowLeft') return ordered[index - 1]?.[0] ?? null;
  if (key === 'ArrowRight') return ordered[index + 1]?.[0] ?? null;
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  const step = key === 'ArrowUp' ? -1 : 1;
  for (let row = tile[2] + step; row >= 0 && row <= 7; row += step) {
    const candidates = ordered.filter(([, , entryRow]) => entryRow === row);
    if (candidates.length === 0) continue;
    const closest = candidates.reduce((best, entry) =>
      Math.abs(entry[1] - tile[1]) < Math.abs(best[1] - tile[1]) ? entry : best,
    );
    return closest[0];
  }
  return null;
}

/** Five shades from lightest to darkest; 0 physicians gets the neutral tile. */
const SHADES = ['#e6f1f8', '#b8d8ec', '#7fb6db', '#3f8cc2', '#1b5f93'] as const;
const TILE = 44;
const GAP = 4;

/**
 * The shade step (0–4) for a count, by the square root of its share of the largest count, so
 * one big state does not leave every other state in the palest shade.
 */
export function shadeStep(count: number, max: number): number {
  if (count <= 0 || max <= 0) return -1;
  return Math.min(SHADES.length - 1, Math.floor(Math.sqrt(count / max) * SHADES.length));
}

function physicians(count: number): string {
  return countOf(count, 'physician');
}

export interface StateTileMapProps {
  counts: ReadonlyMap<string, number>;
  /** The state the list is filtered to, if any. */
  selected: string | null;
  onSelect: (state: string | null) => void;
}

/**
 * The map: every tile is a toggle button named "Texas, 120 physicians"; pressing one filters the
 * list to that state, pressing it again clears the filter. The table beside it says the same in rows.
 */
export function StateTileMap({ counts, selected, onSelect }: StateTileMapProps) {
  const max = Math.max(0, ...counts.values());
  // One tab stop for the whole map (the chosen state, else the first); arrow keys move within it.
  const [focusable, setFocusable] = useState<string>(selected ?? STATE_TILES[0]?.[0] ?? 'AK');
  const svgRef = useRef<SVGSVGElement>(null);
  const moveFocus = (code: string) => {
    setFocusable(code);
    svgRef.current?.querySelector<SVGGElement>(`[data-state="${code}"]`)?.focus();
  };
  const width = 12 * (TILE + GAP);
  const height = 8 * (TILE + GAP);
  return (
    <figure className="state-map">
      {/* biome-ignore lint/a11y/useSemanticElements: the tiles are SVG shapes; a <fieldset> cannot hold them. */}
      <svg
        ref={svgRef}
        viewBox={`0 0 ${width} ${height}`}
        className="state-map__svg"
        role="group"
        aria-label="Matching physicians by state"
      >
        {STATE_TILES.map(([code, column, row]) => {
          const count = counts.get(code) ?? 0;
          const step = shadeStep(count, max);
          const isSelected = selected === code;
          const label = `${stateName(code)}, ${physicians(count)}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the role and keys.
            <g
              key={code}
              role="button"
              tabIndex={code === focusable ? 0 : -1}
              data-state={code}
              aria-label={label}
              aria-pressed={isSelected}
              className="state-map__tile"
              transform={`translate(${column * (TILE + GAP)} ${row * (TILE + GAP)})`}
              onClick={() => onSelect(isSelected ? null : code)}
              onFocus={() => setFocusable(code)}
              onKeyDown={(event) => {
                const next = tileInDirection(code, event.key);
                if (next) {
                  event.preventDefault();
                  moveFocus(next);
                  return;
                }
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                onSelect(isSelected ? null : code);
              }}
            >
              <title>{label}</title>
              <rect
                width={TILE}
                height={TILE}
                rx={6}
                fill={step < 0 ? '#ffffff' : SHADES[step]}
                stroke={isSelected ? '#0b2e4a' : step < 0 ? '#d5dbe1' : '#ffffff'}
                strokeWidth={isSelected ? 3 : 1}
              />
              <text
                x={TILE / 2}
                y={TILE / 2 + 1}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={13}
                fontWeight={600}
                fill={step >= 3 ? '#ffffff' : '#1f2933'}
              >
                {code}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="state-map__legend">
        <span>Fewer</span>
        {SHADES.map((shade) => (
          <span key={shade} className="state-map__swatch" style={{ background: shade }} aria-hidden="true" />
        ))}
        <span>More physicians</span>
      </figcaption>
    </figure>
  );
}
