import type { TSession, TUser } from '@medhire/contract/account';
import type {
  TAcceptInvitationBody,
  TChangeRoleBody,
  TInvitationPreview,
  TInviteMemberBody,
  TTeamData,
} from '@medhire/contract/team';
import { http } from '../../../lib/http.ts';

const team = (path: string) => `/employer/team${path}`;
const id = (value: string) => encodeURIComponent(value);

export const teamApi = {
  getTeam: (signal?: AbortSignal) => http.get<TTeamData>(team('/get-team'), { signal }),
  invite: (body: TInviteMemberBody) => http.post<TTeamData>(team('/invite-member'), body),
  resend: (invitationId: string) => http.post<TTeamData>(team(`/resend-invitation/${id(invitationId)}`)),
  revoke: (invitationId: string) => http.delete<TTeamData>(team(`/revoke-invitation/${id(invitationId)}`)),
  changeRole: (userId: string, body: TChangeRoleBody) =>
    http.patch<TTeamData>(team(`/change-role/${id(userId)}`), body),
  remove: (userId: string) => http.delete<TTeamData>(team(`/remove-member/${id(userId)}`)),
  transferOwnership: (userId: string) => http.post<TTeamData>(team(`/transfer-ownership/${id(userId)}`)),
  updateTwoStepPolicy: (isTwoStepRequired: boolean) =>
    http.patch<TTeamData>(team('/update-two-step-policy'), { isTwoStepRequired }),
  resetMemberFactors: (userId: string) => http.post<TTeamData>(team(`/reset-member-factors/${id(userId)}`)),
  acceptDelegateAgreement: () => http.post<TUser>(team('/accept-delegate-agreement')),
  previewInvitation: (token: string, signal?: AbortSignal) =>
    http.get<TInvitationPreview>(team(`/invitation/${id(token)}`), { signal }),
  acceptInvitation: (body: TAcceptInvitationBody) => http.post<TSession>(team('/accept-invitation'), body),
};
