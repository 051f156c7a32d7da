import type { TJob } from '@medhire/contract/jobs';
import type { Db } from '../../db/index.ts';
import { loadMemberRef } from '../team/member-ref.ts';
import { countOneJobActivity } from './job-activity-counts.ts';
import type { JobOwner } from './job-owner.ts';
import { toJob } from './job-view.ts';
import { findOwnedJob } from './jobs-repository.ts';

export interface GetJobOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
}

/** One job of the employer's organisation, with its applicant and match counts. */
export async function getJob({ db, owner, jobId }: GetJobOptions): Promise<TJob> {
  const row = await findOwnedJob(db, owner, jobId);
  return toJob(row, await countOneJobActivity(db, row.id), await loadMemberRef(db, row.assigneeUserId));
}
