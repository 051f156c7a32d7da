import { describe, expect, it } from 'vitest';
import {
  type ApplicantsState,
  applicantsReducer,
  applicantUpdated,
  initialApplicantsState,
  savedApplicantRemoved,
} from '../applicants-slice.ts';

const drLee = { _id: 'a1', name: 'Dr. Lee' };
const drPatel = { _id: 'a2', name: 'Dr. Patel' };

const populated: ApplicantsState = {
  applicants: { applicants: [drLee, drPatel] },
  recommendedApplicants: { applicants: [drPatel, drLee] },
  savedApplicants: [drLee, drPatel],
  singleApplicant: drLee,
};

describe('applicants reducer (spec §4)', () => {
  it('starts as spec §3 gives it', () => {
    expect(applicantsReducer(undefined, { type: 'init' })).toEqual(initialApplicantsState);
    expect(initialApplicantsState).toEqual({
      applicants: { applicants: [] },
      recommendedApplicants: { applicants: [] },
      savedApplicants: [],
      singleApplicant: null,
    });
  });

  it('remove saved applicant filters it out of savedApplicants by _id', () => {
    const state = applicantsReducer(populated, savedApplicantRemoved('a1'));
    expect(state.savedApplicants).toEqual([drPatel]);
    expect(state.applicants.applicants).toEqual([drLee, drPatel]);
    expect(state.singleApplicant).toEqual(drLee);
  });

  it('update applicant replaces the entry in all, saved, recommended and single', () => {
    const updated = { _id: 'a1', name: 'Dr. Lee', pipelineStatus: 'Interview' };
    const state = applicantsReducer(populated, applicantUpdated(updated));
    expect(state.applicants.applicants).toEqual([updated, drPatel]);
    expect(state.savedApplicants).toEqual([updated, drPatel]);
    expect(state.recommendedApplicants.applicants).toEqual([drPatel, updated]);
    expect(state.singleApplicant).toEqual(updated);
  });

  it('update applicant keeps the recommended score and reasons when the update carries none', () => {
    const recommended = { ...drLee, score: 96, reasons: ['Board certified', 'Lives 3 miles away'] };
    const saved = { _id: 'a1', name: 'Dr. Lee', isSaved: true };
    const state = applicantsReducer(
      { ...populated, recommendedApplicants: { applicants: [recommended, drPatel] } },
      applicantUpdated(saved),
    );
    expect(state.recommendedApplicants.applicants).toEqual([
      { ...saved, score: 96, reasons: ['Board certified', 'Lives 3 miles away'] },
      drPatel,
    ]);
    expect(state.applicants.applicants).toEqual([saved, drPatel]);

    const rescored = { ...saved, score: 90, reasons: ['Board certified'] };
    const next = applicantsReducer(state, applicantUpdated(rescored));
    expect(next.recommendedApplicants.applicants[0]).toEqual(rescored);
  });

  it('update applicant leaves a different single applicant alone', () => {
    const updated = { _id: 'a2', name: 'Dr. Patel', pipelineStatus: 'Offer' };
    const state = applicantsReducer(populated, applicantUpdated(updated));
    expect(state.singleApplicant).toEqual(drLee);
    expect(state.savedApplicants).toEqual([drLee, updated]);
  });
});
