import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { invoices } from '../../db/schema/billing.ts';
import { applicationEvents, applications, conversations, matches, messages } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { activityLog } from '../../db/schema/team.ts';
import { isActivityNotAboutHiddenPhysician, isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { type ExportFile, toCsv } from './export-files.ts';

type Row = Record<string, unknown>;

/** `id` becomes `_id`, as everywhere in MedHire's API. */
function withId<T extends { id: unknown }>({ id, ...rest }: T): Row {
  return { _id: id, ...rest };
}

/** The physician as the organisation knows them from an application or invite: no account data. */
const physicianSummary = {
  physicianId: physicians.id,
  physicianFirstName: physicians.firstName,
  physicianLastName: physicians.lastName,
  physicianSpecialty: physicians.specialtyId,
  physicianSubSpecialties: physicians.subSpecialtyIds,
  physicianBoardStatus: physicians.boardStatus,
  physicianYearsOfExperience: physicians.yearsOfExperience,
  physicianYearAvailable: physicians.yearAvailable,
  physicianHome: physicians.homeDescription,
} as const;

/**
 * Everything an organisation's export holds, read from one snapshot (the caller runs it in a
 * repeatable-read transaction) and filtered by the organisation at every step: its profile,
 * jobs, applicants with the physicians they hold, pipeline history, invites, conversations with
 * their messages, invoices, activity log and team members. Answers the files of the ZIP.
 */
export async function collectExportData(
  db: Db,
  organizationId: string,
  exportedAt: Date,
): Promise<ExportFile[]> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const jobRows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.organizationId, organizationId))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
  const applicantRows = await db
    .select({
      _id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      source: applications.source,
      pipelineStatus: applications.pipelineStatus,
      coverLetter: applications.coverLetter,
      assigneeUserId: applications.assigneeUserId,
      appliedAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      ...physicianSummary,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(physicians, eq(physicians.id, applications.physicianId))
    .where(
      and(
        eq(applications.organizationId, organizationId),
        isNotHiddenFrom(organizationId, applications.physicianId),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id));
  const historyRows = await db
    .select({
      _id: applicationEvents.id,
      applicationId: applicationEvents.applicationId,
      jobId: applications.jobId,
      physicianId: applications.physicianId,
      fromStatus: applicationEvents.fromStatus,
      toStatus: applicationEvents.toStatus,
      actor: applicationEvents.actor,
      changedByUserId: applicationEvents.changedByUserId,
      createdAt: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
    .where(
      and(
        eq(applications.organizationId, organizationId),
        isNotHiddenFrom(organizationId, applications.physicianId),
      ),
    )
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
  const matchRows = await db
    .select({
      _id: matches.id,
      jobId: matches.jobId,
      jobTitle: jobs.title,
      status: matches.status,
      message: matches.message,
      invitedByUserId: matches.invitedByUserId,
      createdAt: matches.createdAt,
      respondedAt: matches.respondedAt,
      updatedAt: matches.updatedAt,
      ...physicianSummary,
    })
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .innerJoin(physicians, eq(physicians.id, matches.physicianId))
    .where(
      and(eq(matches.organizationId, organizationId), isNotHiddenFrom(organizationId, matches.physicianId)),
    )
    .orderBy(asc(matches.createdAt), asc(matches.id));
  const conversationRows = await db
    .select({
      _id: conversations.id,
      jobId: conversations.jobId,
      matchId: conversations.matchId,
      isArchived: conversations.isArchived,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
      physicianId: physicians.id,
      physicianFirstName: physicians.firstName,
      physicianLastName: physicians.lastName,
    })
    .from(conversations)
    .innerJoin(physicians, eq(physicians.id, conversations.physicianId))
    .where(
      and(
        eq(conversations.organizationId, organizationId),
        isNotHiddenFrom(organizationId, conversations.physicianId),
      ),
    )
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  const conversationIds = conversationRows.map((conversation) => conversation._id);
  const messageRows =
    conversationIds.length === 0
      ? []
      : await db
          .select({
            _id: messages.id,
            conversationId: messages.conversationId,
            sender: messages.sender,
            senderUserId: messages.senderUserId,
            body: messages.body,
            isDeleted: messages.isDeleted,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(inArray(messages.conversationId, conversationIds))
          .orderBy(asc(messages.conversationId), asc(messages.seq));
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId))
    .orderBy(asc(invoices.createdAt));
  const activityRows = await db
    .select({
      _id: activityLog.id,
      createdAt: activityLog.createdAt,
      type: activityLog.type,
      summary: activityLog.summary,
      actorUserId: activityLog.actorUserId,
      actorName: activityLog.actorName,
      subjectType: activityLog.subjectType,
      subjectId: activityLog.subjectId,
      details: activityLog.details,
    })
    .from(activityLog)
    .where(and(eq(activityLog.organizationId, organizationId), isActivityNotAboutHiddenPhysician()))
    .orderBy(asc(activityLog.createdAt), asc(activityLog.id));
  const memberRows = await db
    .select({
      _id: users.id,
      email: users.email,
      fullName: users.fullName,
      memberRole: users.memberRole,
      accountStatus: users.accountStatus,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.createdAt));

  const messagesByConversation = new Map<string, Row[]>();
  for (const message of messageRows) {
    const list = messagesByConversation.get(message.conversationId) ?? [];
    list.push(message);
    messagesByConversation.set(message.conversationId, list);
  }
  const tables: [string, Row[]][] = [
    ['jobs', jobRows.map(withId)],
    ['applicants', applicantRows],
    ['pipeline-history', historyRows],
    ['matches', matchRows],
    ['conversations', conversationRows],
    ['messages', messageRows],
    ['invoices', invoiceRows.map(({ providerInvoiceId: _hidden, ...invoice }) => withId(invoice))],
    ['activity-log', activityRows],
    ['team-members', memberRows],
  ];
  const counts = Object.fromEntries(tables.map(([name, rows]) => [name, rows.length]));
  const files: ExportFile[] = [
    {
      name: 'README.txt',
      content: readme(organization?.name ?? 'Your organization', exportedAt, counts),
    },
    { name: 'organization.json', content: json(organization ? withId(organization) : null) },
    {
      name: 'conversations.json',
      content: json(
        conversationRows.map((conversation) => ({
          ...conversation,
          messages: messagesByConversation.get(conversation._id) ?? [],
        })),
      ),
    },
  ];
  for (const [name, rows] of tables) {
    if (name !== 'conversations') files.push({ name: `${name}.json`, content: json(rows) });
    files.push({ name: `${name}.csv`, content: toCsv(rows) });
  }
  return files;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function readme(organizationName: string, exportedAt: Date, counts: Record<string, number>): string {
  const lines = Object.entries(counts).map(([name, total]) => `  ${name}: ${total}`);
  return `MedHire data export of ${organizationName}
Made ${exportedAt.toISOString()}.

Each table is a .json file (UTF-8) and a .csv file (RFC 4180; nested values as JSON). Ids are
MedHire's ids (_id), so rows refer to each other: applicants.jobId → jobs._id, messages.conversationId
→ conversations._id, and so on. conversations.json also nests each conversation's messages.

Rows:
${lines.join('\n')}
`;
}
