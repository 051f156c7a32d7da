import { MESSAGE_BODY_MAX } from '@medhire/contract/conversations';
import { emptyVariablesMessage } from '@medhire/contract/message-templates';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { messages } from '../../db/schema/hiring.ts';
import { messageTemplates } from '../../db/schema/message-templates.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { renderTemplateFor } from './render-template.ts';
import { readableBy, templateNotFound } from './template-access.ts';

export interface TemplateMessageBodyOptions {
  db: Db;
  member: JobOwner;
  conversationId: string;
  templateId: string;
  tempMsgId: string;
}

/**
 * The body to store when a member sends a template into a conversation: the server's own
 * rendering of a template the member may use, for that conversation. A rendering that would
 * leave any variable empty is refused (422, naming them) before anything is written, so a
 * physician never reads "Dear Dr. ,".
 *
 * A retry of a send already stored (same tempMsgId) answers the stored body without rendering
 * again: the template may have changed or gone since, and the retry must still answer the
 * message stored the first time (send idempotency), never a refusal or a second copy.
 */
export async function templateMessageBody({
  db,
  member,
  conversationId,
  templateId,
  tempMsgId,
}: TemplateMessageBodyOptions): Promise<string> {
  if (isUuid(conversationId)) {
    const [stored] = await db
      .select({ body: messages.body })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.sender, 'employer'),
          eq(messages.tempMsgId, tempMsgId),
        ),
      )
      .limit(1);
    // storeMessage checks that the conversation is the member's before answering it.
    if (stored) return stored.body;
  }
  const { organizationId } = member;
  if (!organizationId || !isUuid(templateId)) throw templateNotFound();
  const [template] = await db
    .select({ body: messageTemplates.body })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, templateId), readableBy({ ...member, organizationId })));
  if (!template) throw templateNotFound();
  const rendered = await renderTemplateFor({
    db,
    member,
    body: template.body,
    recipient: { conversationId },
  });
  if (rendered.emptyVariables.length > 0) {
    throw new AppError('BUSINESS_RULE', emptyVariablesMessage(rendered.emptyVariables), {
      emptyVariables: rendered.emptyVariables,
    });
  }
  if (rendered.text.length > MESSAGE_BODY_MAX) {
    throw new AppError(
      'BUSINESS_RULE',
      `This message would be too long: ${MESSAGE_BODY_MAX.toLocaleString('en-US')} characters at most.`,
    );
  }
  return rendered.text;
}
