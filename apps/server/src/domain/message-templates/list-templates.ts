import type { TTemplateListData } from '@medhire/contract/message-templates';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { messageTemplates } from '../../db/schema/message-templates.ts';
import { readableBy, type TemplateMember, toTemplate } from './template-access.ts';

export interface ListTemplatesOptions {
  db: Db;
  member: TemplateMember;
}

/** The templates the member may use: the organisation's shared ones first, then their own, each by name. */
export async function listTemplates({ db, member }: ListTemplatesOptions): Promise<TTemplateListData> {
  const { organizationId } = member;
  if (!organizationId) return { templates: [] };
  const rows = await db
    .select({ template: messageTemplates, authorName: users.fullName })
    .from(messageTemplates)
    .leftJoin(users, eq(users.id, messageTemplates.createdByUserId))
    .where(readableBy({ ...member, organizationId }))
    .orderBy(
      sql`${messageTemplates.ownerUserId} is not null`,
      asc(sql`lower(${messageTemplates.name})`),
      asc(messageTemplates.id),
    );
  return {
    templates: await Promise.all(
      rows.map(({ template, authorName }) => toTemplate(db, member, template, authorName)),
    ),
  };
}
