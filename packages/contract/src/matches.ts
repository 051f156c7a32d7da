import { z } from 'zod';

/** Match request status (spec §4). */
export const MATCH_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export const ZMatchStatus = z.enum(MATCH_STATUSES);
export type TMatchStatus = z.infer<typeof ZMatchStatus>;

/** Where a candidate stands in an employer's hiring pipeline (spec §4). */
export const PIPELINE_STATUSES = [
  'Shortlisted',
  'Submitted',
  'Rejected',
  'Interview',
  'Offer',
  'Hired',
] as const;
export const ZPipelineStatus = z.enum(PIPELINE_STATUSES);
export type TPipelineStatus = z.infer<typeof ZPipelineStatus>;

export const ZUpdateMatchStatusBody = z.object({ status: ZMatchStatus });
export type TUpdateMatchStatusBody = z.infer<typeof ZUpdateMatchStatusBody>;
