import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Newest first: `desc nulls last` on each column, the order of the lists' indexes. Drizzle
 * creates an index column declared `.desc()` as `desc nulls last`, while a plain `desc` in an
 * ORDER BY means `nulls first`, and PostgreSQL reads an index for an ORDER BY only when the null
 * placement agrees: with a plain `desc`, a list sorted every row of the organisation to keep one
 * page. The columns it is used on are NOT NULL, so the rows come back in the same order.
 */
export function newestFirst(...columns: SQLWrapper[]): SQL[] {
  return columns.map((column) => sql`${column} desc nulls last`);
}
