/**
 * US states (and DC) whose pay-transparency laws require a job posting to state a good-faith pay
 * range. This list is the only place the rule lives: the job form's prompt and its tests read it.
 *
 * Sources (state statutes, as in force on 2026-01-01; most apply only above an employee count,
 * which is why the product warns rather than refuses):
 * - CA  Cal. Lab. Code § 432.3(c)(3) (SB 1162), 15+ employees
 * - CO  C.R.S. § 8-5-201 (Equal Pay for Equal Work Act), 1+ employee
 * - DC  D.C. Code § 32-1453 (Wage Transparency Omnibus Amendment Act of 2023), 1+ employee
 * - HI  HRS § 378-2.4 (Act 203, 2023), 50+ employees
 * - IL  820 ILCS 112/10(b) (HB 3129, Equal Pay Act amendment), 15+ employees
 * - MA  M.G.L. c. 149 § 105E (Frances Perkins Workplace Equity Act), 25+ employees
 * - MD  Md. Code, Lab. & Empl. § 3-304.2 (SB 525, 2024), 1+ employee
 * - MN  Minn. Stat. § 181.173, 30+ employees
 * - NJ  N.J.S.A. 34:11-56a45 (P.L. 2024, c. 91), 10+ employees
 * - NY  N.Y. Lab. Law § 194-b, 4+ employees
 * - VT  21 V.S.A. § 495o (Act 155, 2024), 5+ employees
 * - WA  RCW 49.58.110 (Equal Pay and Opportunities Act), 15+ employees
 * Review this list when a state passes a new law (e.g. Delaware's, effective 2027).
 */
export const PAY_TRANSPARENCY_STATES = {
  CA: { name: 'California', minEmployees: 15 },
  CO: { name: 'Colorado', minEmployees: 1 },
  DC: { name: 'the District of Columbia', minEmployees: 1 },
  HI: { name: 'Hawaii', minEmployees: 50 },
  IL: { name: 'Illinois', minEmployees: 15 },
  MA: { name: 'Massachusetts', minEmployees: 25 },
  MD: { name: 'Maryland', minEmployees: 1 },
  MN: { name: 'Minnesota', minEmployees: 30 },
  NJ: { name: 'New Jersey', minEmployees: 10 },
  NY: { name: 'New York', minEmployees: 4 },
  VT: { name: 'Vermont', minEmployees: 5 },
  WA: { name: 'Washington', minEmployees: 15 },
} as const satisfies Record<string, { name: string; minEmployees: number }>;

export type TPayTransparencyState = keyof typeof PAY_TRANSPARENCY_STATES;

function isPayTransparencyState(code: string): code is TPayTransparencyState {
  return Object.hasOwn(PAY_TRANSPARENCY_STATES, code);
}

/** The pay-transparency states among the given USPS codes, each once, in the order first seen. */
export function payTransparencyStatesOf(stateCodes: readonly string[]): TPayTransparencyState[] {
  const found: TPayTransparencyState[] = [];
  for (const raw of stateCodes) {
    const code = raw.trim().toUpperCase();
    if (isPayTransparencyState(code) && !found.includes(code)) found.push(code);
  }
  return found;
}

/** "California", "California and New York", "California, New York and Washington". */
export function listStateNames(codes: readonly TPayTransparencyState[]): string {
  const names = codes.map((code) => PAY_TRANSPARENCY_STATES[code].name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
