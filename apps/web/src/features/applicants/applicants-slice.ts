import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** An applicant as the screens hold it; the state rules rely on `_id` only (spec §3). */
export interface ApplicantRecord {
  _id: string;
  [field: string]: unknown;
}

export interface ApplicantsState {
  applicants: { applicants: ApplicantRecord[] };
  recommendedApplicants: { applicants: ApplicantRecord[] };
  savedApplicants: ApplicantRecord[];
  singleApplicant: ApplicantRecord | null;
}

export const initialApplicantsState: ApplicantsState = {
  applicants: { applicants: [] },
  recommendedApplicants: { applicants: [] },
  savedApplicants: [],
  singleApplicant: null,
};

const replaceById = (list: ApplicantRecord[], applicant: ApplicantRecord) =>
  list.map((existing) => (existing._id === applicant._id ? applicant : existing));

/**
 * The recommended list's score and reasons are for its job only, so an answer that does not
 * carry them (e.g. saving answers with the plain applicant) keeps the ones the list has.
 */
const replaceRecommended = (list: ApplicantRecord[], applicant: ApplicantRecord) =>
  list.map((existing) => {
    if (existing._id !== applicant._id) return existing;
    if (applicant.score !== undefined || existing.score === undefined) return applicant;
    return { ...applicant, score: existing.score, reasons: existing.reasons };
  });

export const applicantsSlice = createSlice({
  name: 'applicants',
  initialState: initialApplicantsState,
  reducers: {
    applicantsLoaded(state, action: PayloadAction<ApplicantRecord[]>) {
      state.applicants.applicants = action.payload;
    },
    recommendedApplicantsLoaded(state, action: PayloadAction<ApplicantRecord[]>) {
      state.recommendedApplicants.applicants = action.payload;
    },
    savedApplicantsLoaded(state, action: PayloadAction<ApplicantRecord[]>) {
      state.savedApplicants = action.payload;
    },
    singleApplicantLoaded(state, action: PayloadAction<ApplicantRecord | null>) {
      state.singleApplicant = action.payload;
    },
    /** Removing a saved applicant filters it out of savedApplicants by _id (spec §4). */
    savedApplicantRemoved(state, action: PayloadAction<string>) {
      state.savedApplicants = state.savedApplicants.filter((applicant) => applicant._id !== action.payload);
    },
    /**
     * Updating an applicant replaces the entry with the same _id in the applicants, saved and
     * recommended lists and the single applicant (spec §4); a recommended entry keeps its score
     * and reasons when the update carries none.
     */
    applicantUpdated(state, action: PayloadAction<ApplicantRecord>) {
      const applicant = action.payload;
      state.applicants.applicants = replaceById(state.applicants.applicants, applicant);
      state.savedApplicants = replaceById(state.savedApplicants, applicant);
      state.recommendedApplicants.applicants = replaceRecommended(
        state.recommendedApplicants.applicants,
        applicant,
      );
      if (state.singleApplicant?._id === applicant._id) state.singleApplicant = applicant;
    },
  },
});

export const {
  applicantsLoaded,
  recommendedApplicantsLoaded,
  savedApplicantsLoaded,
  singleApplicantLoaded,
  savedApplicantRemoved,
  applicantUpdated,
} = applicantsSlice.actions;
export const applicantsReducer = applicantsSlice.reducer;
