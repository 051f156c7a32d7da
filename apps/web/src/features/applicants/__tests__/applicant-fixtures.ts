import type { TApplicant, TApplication } from '@medhire/contract/applicants';
import type { TMatch } from '@medhire/contract/matches';

export function makeApplication(overrides: Partial<TApplication> = {}): TApplication {
  return {
    _id: 'application-1',
    jobId: 'job-1',
    jobTitle: 'Interventional Cardiologist',
    pipelineStatus: 'Submitted',
    source: 'application',
    coverLetter: null,
    assignee: null,
    appliedAt: '2026-10-20T15:00:00.000Z',
    updatedAt: '2026-10-20T15:00:00.000Z',
    history: [
      {
        _id: 'event-1',
        fromStatus: null,
        toStatus: 'Submitted',
        actor: 'physician',
        changedBy: null,
        changedByName: null,
        changedAt: '2026-10-20T15:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function makeApplicant(overrides: Partial<TApplicant> = {}): TApplicant {
  return {
    _id: 'physician-1',
    firstName: 'Jane',
    lastName: 'Doe',
    fullName: 'Dr. Jane Doe',
    photo: null,
    npiNumber: '1234567893',
    specialty: { _id: 'cardiology', title: 'Cardiology' },
    subSpecialties: [{ _id: 'interventional-cardiology', title: 'Interventional Cardiology' }],
    boardStatus: { _id: 'board-certified', title: 'Board certified' },
    yearsOfExperience: 8,
    yearAvailableToStart: 2027,
    homeState: 'TX',
    homeLocation: { description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 } },
    statesOfInterest: ['TX', 'CO'],
    citiesOfInterest: [],
    employmentTypes: [{ _id: 'full-time', title: 'Full-time' }],
    needsVisa: false,
    cvUrl: null,
    isSaved: false,
    applications: [makeApplication()],
    matches: [],
    ...overrides,
  };
}

export const johnSmith = makeApplicant({
  _id: 'physician-2',
  firstName: 'John',
  lastName: 'Smith',
  fullName: 'Dr. John Smith',
  specialty: { _id: 'family-medicine', title: 'Family Medicine' },
  subSpecialties: [],
  boardStatus: { _id: 'board-eligible', title: 'Board eligible' },
  yearsOfExperience: 2,
  homeState: 'CO',
  homeLocation: { description: 'Denver, CO', coords: { latitude: 39.7392, longitude: -104.9903 } },
  needsVisa: true,
  isSaved: true,
  applications: [makeApplication({ _id: 'application-2', pipelineStatus: 'Interview' })],
});

export function makeMatch(overrides: Partial<TMatch> = {}): TMatch {
  return {
    _id: 'match-1',
    status: 'pending',
    job: { _id: 'job-1', title: 'Interventional Cardiologist', specialty: 'cardiology' },
    applicant: {
      _id: 'physician-1',
      fullName: 'Dr. Jane Doe',
      photo: null,
      specialty: 'Cardiology',
      homeLocation: 'Austin, TX',
    },
    message: null,
    createdAt: '2026-11-10T09:00:00.000Z',
    respondedAt: null,
    conversationId: null,
    ...overrides,
  };
}

export function applicantList(applicants: TApplicant[], total = applicants.length, pageNumber = 1) {
  return { applicants, total, pageNumber, pageSize: 20 };
}
