import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/accounts.ts';
import { messageTemplates } from '../db/schema/message-templates.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';
import { DEMO_RECRUITER_EMAIL } from './demo-team.ts';

/** Written by the owner for the whole team. */
const SHARED_TEMPLATES = [
  {
    name: 'Thank you for applying',
    body: `Dear Dr. {{physician.lastName}},

Thank you for applying for the {{job.title}} position at {{organization.name}}. Our team is reviewing your application and we will be in touch within a week about next steps.

Kind regards,
{{recruiter.fullName}}`,
  },
  {
    name: 'Invitation to a first call',
    body: `Hi Dr. {{physician.lastName}},

We enjoyed reading your profile and would love to tell you more about the {{job.title}} role at {{organization.name}}. Would you have 20 minutes for a call this week or next? Let me know a few times that suit you.

Best,
{{recruiter.fullName}}`,
  },
  {
    name: 'Site visit logistics',
    body: `Dr. {{physician.lastName}}, we are looking forward to hosting you for the {{job.title}} site visit. {{organization.name}} covers travel and one night of lodging; please send your preferred flights and any dietary needs, and I will send the itinerary.

{{recruiter.fullName}}`,
  },
];

/** Personal templates of two members, to show that each member keeps their own. */
const PERSONAL_TEMPLATES = [
  {
    email: DEMO_EMPLOYER_EMAIL,
    name: 'Quick check-in',
    body: 'Hi {{physician.firstName}}, just checking in: do you have any questions about the {{job.title}} role so far? Happy to help. – {{recruiter.fullName}}',
  },
  {
    email: DEMO_RECRUITER_EMAIL,
    name: 'Credentialing documents',
    body: `Hi Dr. {{physician.lastName}},

To start credentialing for {{job.title}}, could you send your CV, board certificate, state licenses and DEA registration? A reply with attachments to your email on file works too.

Thanks,
{{recruiter.fullName}}`,
  },
];

/** The demo organisation's message templates: three shared with the team and two personal ones. */
export async function seedDemoTemplates(db: Db, { now }: { now: Date }): Promise<void> {
  const members = await db
    .select({ id: users.id, email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(inArray(users.email, [DEMO_EMPLOYER_EMAIL, DEMO_RECRUITER_EMAIL]));
  const owner = members.find((member) => member.email === DEMO_EMPLOYER_EMAIL);
  const organizationId = owner?.organizationId;
  if (!owner || !organizationId) throw new Error('The demo team must exist before its templates.');
  const createdAt = new Date(now.getTime() - 14 * 24 * 60 * 60_000);
  await db.insert(messageTemplates).values([
    ...SHARED_TEMPLATES.map((template) => ({
      organizationId,
      ownerUserId: null,
      name: template.name,
      body: template.body,
      createdByUserId: owner.id,
      createdAt,
      updatedAt: createdAt,
    })),
    ...PERSONAL_TEMPLATES.flatMap((template) => {
      const member = members.find((candidate) => candidate.email === template.email);
      if (!member) return [];
      return [
        {
          organizationId,
          ownerUserId: member.id,
          name: template.name,
          body: template.body,
          createdByUserId: member.id,
          createdAt,
          updatedAt: createdAt,
        },
      ];
    }),
  ]);
}
