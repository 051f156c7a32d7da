import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, buildBoard } from '../board-columns.ts';
import { makeApplicant, makeApplication } from './pipeline-fixtures.ts';

const older = makeApplicant({
  firstName: 'Ada',
  lastName: 'Okafor',
  applications: [
    makeApplication({ _id: 'a-1', pipelineStatus: 'Interview', updatedAt: '2026-11-01T00:00:00.000Z' }),
  ],
});
const newer = makeApplicant({
  firstName: 'Luis',
  lastName: 'Reyes',
  applications: [
    makeApplication({ _id: 'a-2', pipelineStatus: 'Interview', updatedAt: '2026-11-10T00:00:00.000Z' }),
  ],
});
const elsewhere = makeApplicant({
  firstName: 'Mei',
  lastName: 'Chen',
  applications: [makeApplication({ _id: 'a-3', jobId: 'job-2', pipelineStatus: 'Offer' })],
});

describe('the pipeline board', () => {
  it('has a column for every pipeline stage of the spec, in hiring order with Rejected last', () => {
    expect(BOARD_COLUMNS).toEqual(['Submitted', 'Shortlisted', 'Interview', 'Offer', 'Hired', 'Rejected']);
  });

  it("groups the job's applications by stage, most recently changed first, and leaves other jobs out", () => {
    const board = buildBoard([older, newer, elsewhere], 'job-1');
    expect(board.Interview.map((card) => card.applicant.fullName)).toEqual([
      'Dr. Luis Reyes',
      'Dr. Ada Okafor',
    ]);
    expect(board.Offer).toEqual([]);
  });

  it('shows a move waiting for the server at its destination, on top, marked pending', () => {
    const board = buildBoard([older, newer], 'job-1', { 'a-1': 'Offer' });
    expect(board.Interview.map((card) => card.application._id)).toEqual(['a-2']);
    expect(board.Offer[0]).toMatchObject({ status: 'Offer', isPending: true });

    const back = buildBoard([older, newer], 'job-1', { 'a-1': 'Interview' });
    expect(back.Interview.map((card) => card.application._id)).toEqual(['a-1', 'a-2']);
  });
});
