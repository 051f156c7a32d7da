import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import './table.css';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /**
   * The field's name beside its value when rows stack into cards on a phone; defaults to the
   * header when that is text. A column without one (a button) shows its value alone.
   */
  label?: string;
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
  /**
   * On a phone (640 px or narrower) each row becomes a card of labelled fields instead of a
   * table that scrolls sideways, where the columns past the first two are out of sight.
   */
  isStackedOnPhone?: boolean;
  className?: string;
}

function labelOf<Row>(column: TableColumn<Row>): string | undefined {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns, or,
 * with `isStackedOnPhone`, shows each row as a card of labelled fields there.
 */
export function Table<Row>({
  caption,
  isCaptionVisible = false,
  columns,
  rows,
  rowKey,
  emptyMessage,
  isStackedOnPhone = false,
  className,
}: TableProps<Row>) {
  return (
    <section
      className={cx('table-scroll', isStackedOnPhone && 'table-scroll--stack', className)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      aria-label={caption}
    >
      <table className={cx('table', isStackedOnPhone && 'table--stack')}>
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
                  <td
                    key={column.key}
                    className={cx(column.align === 'end' && 'table__cell--end')}
                    data-label={isStackedOnPhone ? labelOf(column) : undefined}
                  >
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
