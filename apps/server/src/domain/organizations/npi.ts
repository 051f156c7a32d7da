import { isValidNpi } from '@medhire/contract/organization';

/** The NPI number whose first nine digits are given: the one tenth digit that passes the check. */
export function completeNpi(firstNineDigits: string): string {
  if (!/^\d{9}$/.test(firstNineDigits))
    throw new Error(`An NPI number starts with 9 digits: ${firstNineDigits}`);
  for (let checkDigit = 0; checkDigit <= 9; checkDigit += 1) {
    const npi = `${firstNineDigits}${checkDigit}`;
    if (isValidNpi(npi)) return npi;
  }
  throw new Error(`No check digit completes ${firstNineDigits}`);
}
