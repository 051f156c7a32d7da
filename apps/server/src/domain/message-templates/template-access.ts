import { TEMPLATE_MESSAGES, type TMessageTemplate } from '@medhire/contract/message-templates';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { messageTemplates, type TMessageTemplateRow } from '../../db/schema/message-templates.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { can } from '../team/rights.ts';
import { authorNameOf, canEditSharedItem, sharedItemsReadableBy } from '../team/shared-items.ts';

export { isUniqueViolation as isNameTaken, readsShared } from '../team/shared-items.ts';

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
 * The templates a member may read (and so use): the organisation's shared ones (not for a
 * delegate) and their own personal ones. Another member's personal template is never among them,
 * nor another organisation's anything.
 */
export function readableBy(member: TemplateMember & { organizationId: string }): SQL {
  return sharedItemsReadableBy(member, messageTemplates);
}

/** Whether the member may change or delete this (readable) template. */
export function canEdit(member: TemplateMember, row: TMessageTemplateRow): boolean {
  return canEditSharedItem(member, row.ownerUserId, 'templates.manage');
}

/** The template with its author's name, as the API answers it. */
export async function toTemplate(
  db: Db,
  member: TemplateMember,
  row: TMessageTemplateRow,
  authorName?: string | null,
): Promise<TMessageTemplate> {
  const fullName = await authorNameOf(db, row.createdByUserId, authorName);
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

export function nameTaken(): AppError {
  return new AppError('CONFLICT', TEMPLATE_MESSAGES.nameTaken);
}
