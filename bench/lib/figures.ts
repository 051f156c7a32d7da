import { writeFile } from 'node:fs/promises';

export interface Target {
  comparison: '>=' | '<=';
  value: number;
}

export interface Figure {
  benchmark: string;
  name: string;
  value: number;
  unit: string;
  target?: Target;
}

export function meetsTarget(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.comparison === '>='
    ? figure.value >= figure.target.value
    : figure.value <= figure.target.value;
}

function formatValue(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 10 ? 2 : 1 });
}

export function formatTable(figures: Figure[]): string {
  const rows = figures.map((figure) => {
    const passed = meetsTarget(figure);
    return [
      figure.benchmark,
      figure.name,
      formatValue(figure.value),
      figure.unit,
      figure.target ? `${figure.target.comparison} ${formatValue(figure.target.value)}` : '',
      passed === undefined ? '' : passed ? 'PASS' : 'FAIL',
    ];
  });
  const header = ['benchmark', 'figure', 'value', 'unit', 'target', 'result'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/**
 * Prints a benchmark's figures and, when run under run-all.ts, hands them over through the file
 * named by BENCH_RESULT_FILE so that the figures cross the process boundary intact.
 */
export async function reportFigures(figures: Figure[]): Promise<void> {
  console.log(formatTable(figures));
  const resultFile = process.env.BENCH_RESULT_FILE;
  if (resultFile) await writeFile(resultFile, JSON.stringify(figures));
}

export function benchDurationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === '') return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds, got "${raw}".`);
  }
  return seconds;
}
