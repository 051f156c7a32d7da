/** Legal-form words a listing may or may not carry: "Cedar Ridge Pediatrics, PLLC" is "Cedar Ridge Pediatrics". */
const LEGAL_FORMS = new Set([
  'co',
  'corp',
  'corporation',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'pa',
  'pc',
  'plc',
  'pllc',
  'sc',
]);

/**
 * The form of an organisation name that claims compare: case, accents, punctuation, "&" versus
 * "and", a leading "The" and a trailing legal form do not count, so the name as a person types
 * it matches the name as public records list it.
 */
export function normalizeOrganizationName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words.at(-1) ?? '')) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}
