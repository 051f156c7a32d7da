/**
 * How many of the 100 points each part of the recommendation score is worth, and how the
 * employer's would-you-rather answers move points between parts. Every shift takes from some
 * parts exactly what it gives to others, so the weights always add up to 100 and a score is
 * always between 0 and 100 (see README.md beside this file).
 */

export const SCORE_PARTS = [
  'subSpecialty',
  'board',
  'experience',
  'availability',
  'location',
  'employmentType',
] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

export const BASE_WEIGHTS: Readonly<Record<ScorePart, number>> = {
  subSpecialty: 20,
  board: 20,
  experience: 15,
  availability: 15,
  location: 20,
  employmentType: 10,
};

/** The would-you-rather probes the score reads, with the column each answer is read into. */
export const SCORED_PROBES = {
  'local-vs-relocating': 'local_choice',
  'certified-vs-eligible': 'certified_choice',
  'experience-vs-availability': 'experience_choice',
  'academic-vs-community': 'academic_choice',
} as const;
export type ScoredProbe = keyof typeof SCORED_PROBES;

export interface ProbeShift {
  probeId: ScoredProbe;
  choice: 'a' | 'b';
  shift: Partial<Record<ScorePart, number>>;
}

/**
 * - local-vs-relocating a (someone nearby): location +10, taken from sub-specialty and experience;
 *   b (a stronger match who relocates): sub-specialty +8 from location.
 * - certified-vs-eligible a (certified, later start): board +6 from availability; b: the reverse.
 * - experience-vs-availability a (experienced, needs a visa): experience +6 from availability;
 *   b (new graduate available now): the reverse.
 * - academic-vs-community b (seasoned community physician): experience +5 from employment type.
 *   Answer a (teaching and research) has nothing in a physician's profile to weigh, so it
 *   changes nothing.
 */
export const PROBE_SHIFTS: readonly ProbeShift[] = [
  { probeId: 'local-vs-relocating', choice: 'a', shift: { location: 10, subSpecialty: -5, experience: -5 } },
  { probeId: 'local-vs-relocating', choice: 'b', shift: { location: -8, subSpecialty: 8 } },
  { probeId: 'certified-vs-eligible', choice: 'a', shift: { board: 6, availability: -6 } },
  { probeId: 'certified-vs-eligible', choice: 'b', shift: { board: -6, availability: 6 } },
  { probeId: 'experience-vs-availability', choice: 'a', shift: { experience: 6, availability: -6 } },
  { probeId: 'experience-vs-availability', choice: 'b', shift: { experience: -6, availability: 6 } },
  { probeId: 'academic-vs-community', choice: 'b', shift: { experience: 5, employmentType: -5 } },
];

/** The weights for a set of answers (probe id → 'a' | 'b'); answers to other probes change nothing. */
export function weightsFor(answers: Partial<Record<string, 'a' | 'b'>>): Record<ScorePart, number> {
  const weights = { ...BASE_WEIGHTS };
  for (const { probeId, choice, shift } of PROBE_SHIFTS) {
    if (answers[probeId] !== choice) continue;
    for (const part of SCORE_PARTS) weights[part] += shift[part] ?? 0;
  }
  return weights;
}

/** Miles from the job beyond which distance earns nothing. */
export const DISTANCE_HORIZON_MILES = 500;

/**
 * Share of the location part a physician far away earns for naming one of the job's states
 * among the states they want to work in, by the local-vs-relocating answer.
 */
export const RELOCATION_CREDIT = { none: 0.5, a: 0.3, b: 0.8 } as const;

/**
 * Share of the availability part a physician who needs a visa keeps (sponsorship delays the
 * start), by the experience-vs-availability answer: a says the employer sponsors gladly.
 */
export const VISA_AVAILABILITY_FACTOR = { none: 0.5, a: 1, b: 0.25 } as const;
