import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import './table.css';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
}

export interface TableProps<Row> {
  /** Names the table for assistive technology; visually hidden unless `isCaptionVisible`. */
  caption: string;
  isCaptionVisible?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in place of the body when there are no rows. */
  emptyMessage?: ReactNode;
  className?: string;
}

/** A data table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function Table<Row>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  emptyMessage,
  className,
}: TableProps<Row>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={cx('table-scroll', className)} tabIndex={0} aria-label={caption}>
      <table className="table">
        <caption className={cx('table__caption', !isCaptionVisible && 'visually-hidden')}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cx(column.align === 'end' && 'table__cell--end')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && emptyMessage ? (
            <tr>
              <td className="table__empty" colSpan={columns.length}>
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={cx(column.align === 'end' && 'table__cell--end')}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
