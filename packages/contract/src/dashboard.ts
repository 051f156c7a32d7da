import { z } from 'zod';
import { ZMatchStatus, ZPipelineStatus } from './matches.ts';

/**
 * `GET /api/employer/dashboard/get-summary/{userId}`: what /home shows at a glance.
 */
export const ZDashboardActivity = z.object({
  /** What happened: a physician applied or answered an invite, or the employer invited, cancelled an invite or moved an application. */
  type: z.enum(['applied', 'invite-accepted', 'invite-declined', 'invite-cancelled', 'invited', 'pipeline']),
  at: z.string(),
  /** One sentence ready to show ("Dr. Jane Doe applied to Family Physician"). */
  text: z.string(),
  applicantId: z.string(),
  jobId: z.string(),
});
export type TDashboardActivity = z.infer<typeof ZDashboardActivity>;

export const ZDashboardSummary = z.object({
  openJobs: z.number().int(),
  draftJobs: z.number().int(),
  /** Physicians who applied to any job of the organisation. */
  totalApplicants: z.number().int(),
  /** Applications received in the last 7 days. */
  newApplicants: z.number().int(),
  savedApplicants: z.number().int(),
  matchesByStatus: z.record(ZMatchStatus, z.number().int()),
  /** Applications at each pipeline stage, every stage present. */
  pipeline: z.record(ZPipelineStatus, z.number().int()),
  /** Applications per week, the last 8 weeks, oldest first (weekStart is a Monday, YYYY-MM-DD). */
  applicationsByWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  /** The latest 10 events, newest first. */
  recentActivity: z.array(ZDashboardActivity),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
