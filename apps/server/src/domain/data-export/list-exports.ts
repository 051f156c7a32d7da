import { DATA_EXPORT_MESSAGES, type TDataExportList } from '@medhire/contract/data-export';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { users } from '../../db/schema/accounts.ts';
import { dataExports } from '../../db/schema/team.ts';
import { requireMemberRight, type TeamMember } from '../team/member-right.ts';
import { toDataExport } from './export-view.ts';

export interface ListExportsOptions {
  db: Db;
  /** The signed-in caller (request.account). */
  member: TeamMember;
  pageSize: number;
  pageNumber: number;
  now?: Date;
}

/** The organisation's exports, newest first, for its owner. */
export async function listExports({
  db,
  member,
  pageSize,
  pageNumber,
  now = new Date(),
}: ListExportsOptions): Promise<TDataExportList> {
  const { organizationId } = requireMemberRight(member, 'data.export', DATA_EXPORT_MESSAGES.forbidden);
  if (!organizationId) return { items: [], total: 0, pageNumber, pageSize };
  const where = eq(dataExports.organizationId, organizationId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: dataExports,
        requestedBy: sql<string | null>`coalesce(${users.fullName}, ${users.email})`,
      })
      .from(dataExports)
      .leftJoin(users, eq(users.id, dataExports.requestedByUserId))
      .where(where)
      .orderBy(...newestFirst(dataExports.createdAt, dataExports.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(dataExports).where(where),
  ]);
  return {
    items: rows.map(({ row, requestedBy }) => toDataExport(row, requestedBy, now)),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
