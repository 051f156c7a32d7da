import type { TJob } from '@medhire/contract/jobs';

export const austin = {
  description: 'Austin, TX',
  city: 'Austin',
  state: 'TX',
  coords: { latitude: 30.2672, longitude: -97.7431 },
};

export const dallas = {
  description: 'Dallas, TX',
  city: 'Dallas',
  state: 'TX',
  coords: { latitude: 32.7767, longitude: -96.797 },
};

export function makeJob(overrides: Partial<TJob> = {}): TJob {
  return {
    _id: 'job-1',
    assignee: null,
    title: 'Interventional Cardiologist',
    specialty: 'cardiology',
    subSpecialty: ['interventional-cardiology'],
    employmentType: 'full-time',
    salaryRange: { min: 450000, max: 520000, payType: 'annual' },
    signOnBonus: 50000,
    vacation: 6,
    halfDaysPerWeek: { outpatient: 4, procedural: 5 },
    electronicMedRecord: 'Epic',
    supportBenefitPerk: ['CME allowance'],
    partnership: { value: 'Yes', types: ['2 years', '$150,000'] },
    mentorship: 'Yes',
    locations: [{ city: 'Austin', state: 'TX', description: 'Austin, TX', coords: austin.coords }],
    status: 'open',
    applicantCount: 3,
    matchCount: 1,
    inviteCounts: { pending: 1, accepted: 0, declined: 0 },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    ...overrides,
  };
}
