import {
  type TCreateTemplateBody,
  TEMPLATE_MESSAGES,
  type TMessageTemplate,
} from '@medhire/contract/message-templates';
import type { Db } from '../../db/index.ts';
import { messageTemplates } from '../../db/schema/message-templates.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  canManageShared,
  isNameTaken,
  nameTaken,
  type TemplateMember,
  toTemplate,
} from './template-access.ts';

export interface CreateTemplateOptions {
  db: Db;
  member: TemplateMember;
  body: TCreateTemplateBody;
  now?: Date;
}

/**
 * Saves a template: a personal one for any member, one shared with the organisation only for its
 * owner and admins (403 otherwise, nothing written). The body's variables were checked by the
 * contract (unknown ones answer 400). A name already used in that scope answers 409.
 */
export async function createTemplate({
  db,
  member,
  body,
  now = new Date(),
}: CreateTemplateOptions): Promise<TMessageTemplate> {
  if (!member.organizationId) throw new AppError('FORBIDDEN', 'Set up your organization first.');
  const isShared = body.scope === 'organization';
  if (isShared && !canManageShared(member)) {
    throw new AppError('FORBIDDEN_ROLE', TEMPLATE_MESSAGES.sharedNeedsManager);
  }
  try {
    const [row] = await db
      .insert(messageTemplates)
      .values({
        organizationId: member.organizationId,
        ownerUserId: isShared ? null : member.userId,
        name: body.name,
        body: body.body,
        createdByUserId: member.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The template was not stored.');
    return await toTemplate(db, member, row);
  } catch (cause) {
    if (isNameTaken(cause)) throw nameTaken();
    throw cause;
  }
}
