import {
  renderTemplate,
  TEMPLATE_MESSAGES,
  type TRenderedTemplate,
  type TTemplateContext,
} from '@medhire/contract/message-templates';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { applications, conversations } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';

/** Whom a template is rendered for: one conversation, or one application (an applicant and a job). */
export type TemplateRecipient = { conversationId: string } | { applicationId: string };

export function recipientNotFound(): AppError {
  return new AppError('NOT_FOUND', TEMPLATE_MESSAGES.recipientNotFound);
}

/**
 * The values of a template's variables for one recipient, as the member sending it sees them:
 * the physician's names, the job's title (none when the job is gone), the organisation's name and
 * the sending member's own name (`recruiter.fullName`). The recipient must be the organisation's
 * and, for a delegate, about a job assigned to them; a physician hidden from the organisation is
 * not found. Throws 404 otherwise.
 */
export async function loadTemplateContext(
  db: Db,
  member: JobOwner,
  recipient: TemplateRecipient,
): Promise<TTemplateContext> {
  const { organizationId } = member;
  const id = 'conversationId' in recipient ? recipient.conversationId : recipient.applicationId;
  if (!organizationId || !isUuid(id)) throw recipientNotFound();
  const source =
    'conversationId' in recipient
      ? {
          table: conversations,
          id: conversations.id,
          organizationId: conversations.organizationId,
          physicianId: conversations.physicianId,
          jobId: conversations.jobId,
        }
      : {
          table: applications,
          id: applications.id,
          organizationId: applications.organizationId,
          physicianId: applications.physicianId,
          jobId: applications.jobId,
        };
  const [row] = await db
    .select({
      physicianFirstName: physicians.firstName,
      physicianLastName: physicians.lastName,
      jobTitle: jobs.title,
      organizationName: organizations.name,
    })
    .from(source.table)
    .innerJoin(physicians, eq(physicians.id, source.physicianId))
    .innerJoin(organizations, eq(organizations.id, source.organizationId))
    .leftJoin(jobs, eq(jobs.id, source.jobId))
    .where(
      and(
        eq(source.id, id),
        eq(source.organizationId, organizationId),
        isNotHiddenFrom(organizationId, source.physicianId),
        delegateJobRowCondition(member, source.jobId),
      ) as SQL,
    )
    .limit(1);
  if (!row) throw recipientNotFound();
  const [sender] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, member.userId));
  return {
    'physician.firstName': row.physicianFirstName,
    'physician.lastName': row.physicianLastName,
    'job.title': row.jobTitle,
    'organization.name': row.organizationName,
    'recruiter.fullName': sender?.fullName,
  };
}

export interface RenderTemplateForOptions {
  db: Db;
  member: JobOwner;
  /** The template's body (a stored template's, or one being written). */
  body: string;
  recipient: TemplateRecipient;
}

/**
 * Renders a template body for one conversation or application: the text and the variables that
 * would be empty. Bulk actions call it once per recipient; sending refuses a rendering with any
 * empty variable (send-template-message.ts).
 */
export async function renderTemplateFor({
  db,
  member,
  body,
  recipient,
}: RenderTemplateForOptions): Promise<TRenderedTemplate> {
  return renderTemplate(body, await loadTemplateContext(db, member, recipient));
}
