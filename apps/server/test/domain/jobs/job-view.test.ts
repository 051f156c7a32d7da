import { ZCreateJobBody } from '@medhire/contract/jobs';
import { describe, expect, it } from 'vitest';
import type { TJobRow } from '../../../src/db/schema/jobs.ts';
import { copyTitle } from '../../../src/domain/jobs/duplicate-job.ts';
import { NO_ACTIVITY } from '../../../src/domain/jobs/job-activity-counts.ts';
import { jobFieldsToColumns, toJob } from '../../../src/domain/jobs/job-view.ts';
import { fullJobBody, minimalJobBody } from '../../routes/employer/job-kit.ts';

function storedRow(body: unknown): TJobRow {
  const { status, ...fields } = ZCreateJobBody.parse(body);
  const columns = jobFieldsToColumns({ ...fields });
  return {
    subSpecialtyIds: [],
    supportBenefitPerks: [],
    partnershipAnswers: [],
    ...columns,
    id: '6f1c2b9e-6a57-4c5e-9d11-1a2b3c4d5e6f',
    organizationId: 'a4d3f4a8-1b6b-4d3c-9a43-0e0f1a2b3c4d',
    createdByUserId: null,
    status,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    updatedAt: new Date('2026-01-02T03:04:05.000Z'),
  } as TJobRow;
}

describe('job columns and answers', () => {
  it('round-trips every field', () => {
    const { status, ...body } = fullJobBody();
    const job = toJob(storedRow({ ...body, status }), {
      applicantCount: 3,
      matchCount: 1,
      inviteCounts: { pending: 1, accepted: 0, declined: 0 },
    });
    const {
      _id,
      applicantCount,
      matchCount,
      inviteCounts,
      assignee,
      createdAt,
      updatedAt,
      status: storedStatus,
      ...fields
    } = job;
    expect(fields).toEqual(body);
    expect({ applicantCount, matchCount, inviteCounts, storedStatus, createdAt }).toEqual({
      applicantCount: 3,
      matchCount: 1,
      inviteCounts: { pending: 1, accepted: 0, declined: 0 },
      storedStatus: 'open',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('stores yes/no answers as booleans and unanswered ones as null', () => {
    const columns = jobFieldsToColumns(
      ZCreateJobBody.parse(fullJobBody({ mentorship: 'No', scribeSupport: undefined })),
    );
    expect(columns).toMatchObject({ mentorship: false, advancedTech: true, scribeSupport: null });
  });

  it('keeps partnership answers only when partnership is offered', () => {
    const declined = jobFieldsToColumns(
      ZCreateJobBody.parse(minimalJobBody({ partnership: { value: 'No' } })),
    );
    expect(declined).toMatchObject({ partnershipOffered: false, partnershipAnswers: [] });
    const job = toJob(storedRow(minimalJobBody({ partnership: { value: 'No' } })), NO_ACTIVITY);
    expect(job.partnership).toEqual({ value: 'No' });
    expect(job).not.toHaveProperty('salaryRange');
    expect(job).not.toHaveProperty('mentorship');
  });

  it('titles a copy "… (copy)" within the title limit', () => {
    expect(copyTitle('Pediatrician')).toBe('Pediatrician (copy)');
    expect(copyTitle('A'.repeat(200))).toBe(`${'A'.repeat(193)} (copy)`);
  });
});
