import type { TMemberRole } from '@medhire/contract/team-roles';

/** Who acts on jobs: the signed-in employer and the organisation it belongs to (if set up). */
export interface JobOwner {
  userId: string;
  organizationId: string | null;
  /**
   * The member's role; a delegate reaches only the jobs assigned to them (and their applicants,
   * matches and conversations). Absent means a full member (seed and internal callers).
   */
  memberRole?: TMemberRole;
}
