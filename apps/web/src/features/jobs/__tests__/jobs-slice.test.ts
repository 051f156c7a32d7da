import { describe, expect, it } from 'vitest';
import {
  initialJobsState,
  jobAdded,
  jobDeleted,
  jobsLoaded,
  jobsReducer,
  jobUpdated,
} from '../jobs-slice.ts';

const cardiology = { _id: 'job-1', title: 'Cardiologist' };
const pediatrics = { _id: 'job-2', title: 'Pediatrician' };

describe('jobs reducer (spec §4)', () => {
  it('starts as spec §3 gives it', () => {
    expect(jobsReducer(undefined, { type: 'init' })).toEqual({
      jobs: { jobs: [] },
      singleJob: null,
      matchesJobs: [],
    });
  });

  it('add job appends to the jobs list', () => {
    const state = jobsReducer(jobsReducer(initialJobsState, jobsLoaded([cardiology])), jobAdded(pediatrics));
    expect(state.jobs.jobs.map((job) => job._id)).toEqual(['job-1', 'job-2']);
  });

  it('delete job removes by _id', () => {
    let state = jobsReducer(initialJobsState, jobsLoaded([cardiology, pediatrics]));
    state = { ...state, singleJob: cardiology, matchesJobs: [cardiology] };
    state = jobsReducer(state, jobDeleted('job-1'));
    expect(state.jobs.jobs).toEqual([pediatrics]);
    expect(state.matchesJobs).toEqual([]);
    expect(state.singleJob).toBeNull();
  });

  it('update job replaces the job with the same _id', () => {
    let state = jobsReducer(initialJobsState, jobsLoaded([cardiology, pediatrics]));
    state = { ...state, singleJob: pediatrics };
    const renamed = { _id: 'job-2', title: 'Pediatric hospitalist' };
    state = jobsReducer(state, jobUpdated(renamed));
    expect(state.jobs.jobs).toEqual([cardiology, renamed]);
    expect(state.singleJob).toEqual(renamed);
  });

  it('update job leaves other jobs and an unrelated single job alone', () => {
    let state = jobsReducer(initialJobsState, jobsLoaded([cardiology]));
    state = { ...state, singleJob: pediatrics };
    state = jobsReducer(state, jobUpdated({ _id: 'job-9', title: 'Unknown' }));
    expect(state.jobs.jobs).toEqual([cardiology]);
    expect(state.singleJob).toEqual(pediatrics);
  });
});
