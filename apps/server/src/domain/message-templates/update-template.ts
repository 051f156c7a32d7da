import {
  TEMPLATE_MESSAGES,
  type TMessageTemplate,
  type TUpdateTemplateBody,
} from '@medhire/contract/message-templates';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { messageTemplates, type TMessageTemplateRow } from '../../db/schema/message-templates.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  canEdit,
  isNameTaken,
  nameTaken,
  readableBy,
  type TemplateMember,
  templateNotFound,
  toTemplate,
} from './template-access.ts';

/**
 * The template the member means to change, locked for the change: 404 when they cannot read it
 * (another organisation's, another member's personal one, a shared one for a delegate), 403 when
 * they can read but not change it (a shared template for a recruiter).
 */
export async function templateToChange(
  tx: Db,
  member: TemplateMember,
  templateId: string,
): Promise<TMessageTemplateRow> {
  const { organizationId } = member;
  if (!organizationId || !isUuid(templateId)) throw templateNotFound();
  const [row] = await tx
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, templateId), readableBy({ ...member, organizationId })))
    .for('update');
  if (!row) throw templateNotFound();
  if (!canEdit(member, row)) throw new AppError('FORBIDDEN_ROLE', TEMPLATE_MESSAGES.sharedNeedsManager);
  return row;
}

export interface UpdateTemplateOptions {
  db: Db;
  member: TemplateMember;
  templateId: string;
  body: TUpdateTemplateBody;
  now?: Date;
}

/** Renames a template or rewrites its message; its scope stays. */
export async function updateTemplate({
  db,
  member,
  templateId,
  body,
  now = new Date(),
}: UpdateTemplateOptions): Promise<TMessageTemplate> {
  try {
    const row = await db.transaction(async (tx) => {
      await templateToChange(tx, member, templateId);
      const [updated] = await tx
        .update(messageTemplates)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.body !== undefined ? { body: body.body } : {}),
          updatedAt: now,
        })
        .where(eq(messageTemplates.id, templateId))
        .returning();
      if (!updated) throw templateNotFound();
      return updated;
    });
    return await toTemplate(db, member, row);
  } catch (cause) {
    if (isNameTaken(cause)) throw nameTaken();
    throw cause;
  }
}
