import type { TMessage } from '@medhire/contract/conversations';
import type {
  TPhysicianConversation,
  TPhysicianProfile,
  TPhysicianSession,
} from '@medhire/contract/physicians';

export const physician: TPhysicianProfile = {
  _id: 'physician-1',
  userId: 'user-1',
  email: 'ada.lovelace@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  photo: null,
  npiNumber: null,
  specialty: null,
  subSpecialty: [],
  boardStatus: null,
  yearsOfExperience: null,
  yearAvailableToStart: null,
  homeLocation: null,
  statesOfInterest: [],
  citiesOfInterest: [],
  employmentTypes: [],
  needsVisa: false,
  isDiscoverable: true,
  cvUrl: null,
  isComplete: false,
  training: [],
  licenses: [],
  completeness: { percent: 8, missing: ['Specialty', 'Board status', 'Where you live'] },
};

export const session: TPhysicianSession = { token: 'token-1', physician };

export function message(overrides: Partial<TMessage> = {}): TMessage {
  return {
    _id: 'message-1',
    body: 'Hello doctor',
    status: 2,
    sentTime: '2026-11-25T10:00:00.000Z',
    sender: 'employer',
    isDeleted: false,
    chatId: 'conversation-1',
    seq: 1,
    ...overrides,
  };
}

export function conversation(overrides: Partial<TPhysicianConversation> = {}): TPhysicianConversation {
  const messages = overrides.messages ?? [message()];
  return {
    _id: 'conversation-1',
    organization: { _id: 'org-1', name: 'Lakeside Health', logo: null },
    job: { _id: 'job-1', title: 'Family Physician' },
    messages,
    lastMessage: messages.at(-1) ?? null,
    physicianCount: 0,
    lastMessageAt: messages.at(-1)?.sentTime ?? null,
    ...overrides,
  };
}

/** A JSON envelope answer for the mocked fetch. */
export function ok(data: unknown): Response {
  return new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

export function failure(
  status: number,
  message: string,
  code = 'BUSINESS_RULE',
  details?: Record<string, unknown>,
): Response {
  return new Response(JSON.stringify({ success: false, error: { message, code, details } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
