const pluralRules = new Intl.PluralRules('en-US');
const numberFormat = new Intl.NumberFormat('en-US');

/** The word for this many: `noun(1, 'physician')` is "physician", `noun(3, 'physician')` "physicians". */
export function noun(count: number, one: string, many = `${one}s`): string {
  return pluralRules.select(count) === 'one' ? one : many;
}

/** A count with its word: "1 physician", "0 physicians", "1,204 physicians". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${numberFormat.format(count)} ${noun(count, one, many)}`;
}
