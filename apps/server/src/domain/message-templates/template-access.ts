import { TEMPLATE_MESSAGES, type TMessageTemplate } from '@medhire/contract/message-templates';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { messageTemplates, type TMessageTemplateRow } from '../../db/schema/message-templates.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { can } from '../team/rights.ts';

/** The member working with templates: who they are, their organisation and role. */
export type TemplateMember = JobOwner;

export function templateNotFound(): AppError {
  return new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
}

/** Whether the member may create, edit and delete the organisation's shared templates. */
export function canManageShared(member: TemplateMember): boolean {
  return can(member.memberRole ?? 'owner', 'templates.manage');
}

/**
 * Whether the member reads the organisation's shared templates. A delegate is an outside
 * recruiter and works with personal templates only: the organisation's wording stays in house.
 */
export function readsShared(member: TemplateMember): boolean {
  return member.memberRole !== 'delegate';
}

/**
 * The templates a member may read (and so use): the organisation's shared ones (not for a
 * delegate) and their own personal ones. Another member's personal template is never among them,
 * nor another organisation's anything.
 */
export function readableBy(member: TemplateMember & { organizationId: string }): SQL {
  const own = eq(messageTemplates.ownerUserId, member.userId);
  return and(
    eq(messageTemplates.organizationId, member.organizationId),
    readsShared(member) ? or(isNull(messageTemplates.ownerUserId), own) : own,
  ) as SQL;
}

/** Whether the member may change or delete this (readable) template. */
export function canEdit(member: TemplateMember, row: TMessageTemplateRow): boolean {
  return row.ownerUserId === null ? canManageShared(member) : row.ownerUserId === member.userId;
}

/** The template with its author's name, as the API answers it. */
export async function toTemplate(
  db: Db,
  member: TemplateMember,
  row: TMessageTemplateRow,
  authorName?: string | null,
): Promise<TMessageTemplate> {
  let fullName = authorName;
  if (fullName === undefined && row.createdByUserId) {
    const [author] = await db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, row.createdByUserId));
    fullName = author?.fullName ?? null;
  }
  return {
    _id: row.id,
    name: row.name,
    body: row.body,
    scope: row.ownerUserId === null ? 'organization' : 'personal',
    createdBy: row.createdByUserId ? { _id: row.createdByUserId, fullName: fullName ?? null } : null,
    canEdit: canEdit(member, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A unique-index violation: the name is taken in the template's scope. */
export function isNameTaken(cause: unknown): boolean {
  const error = cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return error?.code === '23505' || error?.cause?.code === '23505';
}

export function nameTaken(): AppError {
  return new AppError('CONFLICT', TEMPLATE_MESSAGES.nameTaken);
}
