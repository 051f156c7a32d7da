import type { TApplicant, TApplication } from '@medhire/contract/applicants';
import type { TMatch } from '@medhire/contract/matches';
import { austin } from '../../jobs/__tests__/job-fixtures.ts';

export function makeApplication(overrides: Partial<TApplication> = {}): TApplication {
  return {
    _id: 'application-1',
    jobId: 'job-1',
    jobTitle: 'Interventional Cardiologist',
    pipelineStatus: 'Submitted',
    source: 'application',
    coverLetter: null,
    assignee: null,
    appliedAt: '2026-11-03T15:00:00.000Z',
    updatedAt: '2026-11-03T15:00:00.000Z',
    ...overrides,
  };
}

export function makeApplicant(
  overrides: Partial<TApplicant> & { firstName: string; lastName: string },
): TApplicant {
  const { firstName, lastName } = overrides;
  return {
    _id: `physician-${lastName.toLowerCase()}`,
    fullName: `Dr. ${firstName} ${lastName}`,
    photo: null,
    npiNumber: '1234567893',
    specialty: { _id: 'cardiology', title: 'Cardiology' },
    subSpecialties: [],
    boardStatus: { _id: 'board-certified', title: 'Board certified' },
    yearsOfExperience: 9,
    yearAvailableToStart: 2027,
    homeState: 'TX',
    homeLocation: austin,
    statesOfInterest: ['TX'],
    citiesOfInterest: [],
    employmentTypes: [{ _id: 'full-time', title: 'Full-time' }],
    needsVisa: false,
    cvUrl: null,
    isSaved: false,
    applications: [],
    matches: [],
    ...overrides,
  };
}

export function makeMatch(overrides: Partial<TMatch> = {}): TMatch {
  return {
    _id: 'match-1',
    status: 'pending',
    job: { _id: 'job-1', title: 'Interventional Cardiologist', specialty: 'Cardiology' },
    applicant: {
      _id: 'physician-okafor',
      fullName: 'Dr. Ada Okafor',
      photo: null,
      specialty: 'Cardiology',
      homeLocation: 'Austin, TX',
    },
    message: null,
    createdAt: '2026-11-04T10:00:00.000Z',
    respondedAt: null,
    conversationId: null,
    ...overrides,
  };
}

export const list = <Key extends string, Item>(key: Key, items: Item[]) =>
  ({ [key]: items, total: items.length, pageNumber: 1, pageSize: 20 }) as Record<Key, Item[]> & {
    total: number;
    pageNumber: number;
    pageSize: number;
  };
