import type { TDeleteTemplateData } from '@medhire/contract/message-templates';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { messageTemplates } from '../../db/schema/message-templates.ts';
import type { TemplateMember } from './template-access.ts';
import { templateToChange } from './update-template.ts';

export interface DeleteTemplateOptions {
  db: Db;
  member: TemplateMember;
  templateId: string;
}

/** Deletes a template the member may change (messages already sent with it stay as they are). */
export async function deleteTemplate({
  db,
  member,
  templateId,
}: DeleteTemplateOptions): Promise<TDeleteTemplateData> {
  await db.transaction(async (tx) => {
    await templateToChange(tx, member, templateId);
    await tx.delete(messageTemplates).where(eq(messageTemplates.id, templateId));
  });
  return { _id: templateId };
}
