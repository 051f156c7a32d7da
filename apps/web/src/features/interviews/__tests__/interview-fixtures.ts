import type { TInterview } from '@medhire/contract/interviews';
import type { TTeamData } from '@medhire/contract/team';

export function makeInterview(overrides: Partial<TInterview> = {}): TInterview {
  return {
    _id: 'interview-1',
    applicationId: 'application-1',
    jobId: 'job-1',
    jobTitle: 'Interventional Cardiologist',
    physicianId: 'physician-1',
    physicianName: 'Dr. Jane Doe',
    type: 'video',
    status: 'scheduled',
    durationMinutes: 60,
    startsAt: '2030-03-12T15:00:00.000Z',
    endsAt: '2030-03-12T16:00:00.000Z',
    timeZone: 'America/Chicago',
    meetingUrl: 'https://meet.example/abc',
    location: null,
    notes: null,
    travelNotes: null,
    cancelReason: null,
    physicianMessage: null,
    noShowParty: null,
    sequence: 0,
    proposedSlots: [],
    interviewers: [{ userId: 'user-1', name: 'Maria Delgado', role: 'interviewer' }],
    sessions: [],
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export const team: TTeamData = {
  members: [
    {
      _id: 'user-1',
      email: 'recruiting@lakeside-clinic.org',
      fullName: 'Maria Delgado',
      memberRole: 'owner',
      lastActiveAt: null,
      joinedAt: '2026-01-10T09:00:00.000Z',
      assignedJobCount: 0,
      isTwoStepOn: false,
    },
    {
      _id: 'user-2',
      email: 'james@lakeside-clinic.org',
      fullName: 'James Okafor',
      memberRole: 'recruiter',
      lastActiveAt: null,
      joinedAt: '2026-10-01T09:00:00.000Z',
      assignedJobCount: 1,
      isTwoStepOn: false,
    },
  ],
  invitations: [],
  seats: { used: 2, limit: 5, planName: 'Professional', nextPlan: null },
  isTwoStepRequired: false,
};
