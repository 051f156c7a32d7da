import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * A job as the list screens hold it. Only `_id` is relied on by the state rules; the
 * other fields (spec §3, Job) travel with it unchanged.
 */
export interface JobRecord {
  _id: string;
  title?: string;
  [field: string]: unknown;
}

export interface JobsState {
  jobs: { jobs: JobRecord[] };
  singleJob: JobRecord | null;
  matchesJobs: JobRecord[];
}

export const initialJobsState: JobsState = { jobs: { jobs: [] }, singleJob: null, matchesJobs: [] };

export const jobsSlice = createSlice({
  name: 'jobs',
  initialState: initialJobsState,
  reducers: {
    jobsLoaded(state, action: PayloadAction<JobRecord[]>) {
      state.jobs.jobs = action.payload;
    },
    singleJobLoaded(state, action: PayloadAction<JobRecord | null>) {
      state.singleJob = action.payload;
    },
    matchesJobsLoaded(state, action: PayloadAction<JobRecord[]>) {
      state.matchesJobs = action.payload;
    },
    /** Adding a job appends it to the jobs list (spec §4). */
    jobAdded(state, action: PayloadAction<JobRecord>) {
      state.jobs.jobs.push(action.payload);
    },
    /** Deleting a job removes it by _id (spec §4). */
    jobDeleted(state, action: PayloadAction<string>) {
      state.jobs.jobs = state.jobs.jobs.filter((job) => job._id !== action.payload);
      state.matchesJobs = state.matchesJobs.filter((job) => job._id !== action.payload);
      if (state.singleJob?._id === action.payload) state.singleJob = null;
    },
    /** Updating a job replaces the entry with the same _id (spec §4). */
    jobUpdated(state, action: PayloadAction<JobRecord>) {
      const job = action.payload;
      state.jobs.jobs = state.jobs.jobs.map((existing) => (existing._id === job._id ? job : existing));
      state.matchesJobs = state.matchesJobs.map((existing) => (existing._id === job._id ? job : existing));
      if (state.singleJob?._id === job._id) state.singleJob = job;
    },
  },
});

export const { jobsLoaded, singleJobLoaded, matchesJobsLoaded, jobAdded, jobDeleted, jobUpdated } =
  jobsSlice.actions;
export const jobsReducer = jobsSlice.reducer;
