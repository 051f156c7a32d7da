/**
 * Search text normalisation and ranking shared by the reference-data searches.
 *
 * Text is compared case-, accent- and punctuation-insensitively: 'OB/GYN', 'ob gyn' and 'ObGyn'
 * are the same query, and 'Otolaryngology – Head and Neck Surgery' is found by 'head & neck'.
 */

/** Lower case, accents stripped, '&' read as 'and', apostrophes dropped, other punctuation as spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function toWords(normalized: string): string[] {
  return normalized.length === 0 ? [] : normalized.split(' ');
}

/**
 * How well an entry matches, best first. Lower is better; an entry that matches in none of
 * these ways is not a result.
 */
export const MatchRank = {
  /** The whole title or one of its aliases is the query ('ent', 'obgyn', 'surgery'). */
  Exact: 0,
  /** The title starts with the query ('cardio' → Cardiovascular Disease). */
  TitlePrefix: 1,
  /** Every query word starts a word of the title ('cardio' → Interventional Cardiology). */
  TitleWordPrefix: 2,
  /** An alias starts with the query, or every query word starts a word of it. */
  AliasPrefix: 3,
  /** The query appears inside the title. */
  TitleSubstring: 4,
} as const;
export type MatchRank = (typeof MatchRank)[keyof typeof MatchRank];

const MIN_SUBSTRING_LENGTH = 3;

export interface PreparedQuery {
  normalized: string;
  compact: string;
  words: string[];
}

export function prepareQuery(text: string): PreparedQuery {
  const normalized = normalizeText(text);
  return { normalized, compact: normalized.replace(/ /g, ''), words: toWords(normalized) };
}

interface PreparedText {
  normalized: string;
  compact: string;
  words: string[];
}

/** A searchable entry with its title and aliases normalised once, up front. */
export interface SearchEntry<T> {
  value: T;
  title: PreparedText;
  aliases: PreparedText[];
  sortKey: string;
}

function prepareText(text: string): PreparedText {
  const normalized = normalizeText(text);
  return { normalized, compact: normalized.replace(/ /g, ''), words: toWords(normalized) };
}

/** `sortKey` orders entries that match equally well; it defaults to the title. */
export function createSearchEntry<T>(
  value: T,
  title: string,
  aliases: readonly string[] = [],
  sortKey: string = title,
): SearchEntry<T> {
  return {
    value,
    title: prepareText(title),
    aliases: aliases.map(prepareText).filter((alias) => alias.compact.length > 0),
    sortKey: normalizeText(sortKey),
  };
}

function everyWordStartsAWord(queryWords: string[], words: string[]): boolean {
  return queryWords.every((queryWord) => words.some((word) => word.startsWith(queryWord)));
}

export function rankEntry<T>(query: PreparedQuery, entry: SearchEntry<T>): MatchRank | null {
  const { title, aliases } = entry;
  if (title.compact === query.compact || aliases.some((alias) => alias.compact === query.compact)) {
    return MatchRank.Exact;
  }
  if (title.compact.startsWith(query.compact)) return MatchRank.TitlePrefix;
  if (everyWordStartsAWord(query.words, title.words)) return MatchRank.TitleWordPrefix;
  if (
    aliases.some(
      (alias) => alias.compact.startsWith(query.compact) || everyWordStartsAWord(query.words, alias.words),
    )
  ) {
    return MatchRank.AliasPrefix;
  }
  // Substrings are matched within the spaced form so that a query never matches across a
  // word boundary ('em' must not find "Preventive Medicine" through "preventivEMedicine"), and
  // only from three characters on: one or two letters occur inside almost every title.
  if (query.normalized.length >= MIN_SUBSTRING_LENGTH && title.normalized.includes(query.normalized)) {
    return MatchRank.TitleSubstring;
  }
  return null;
}

/**
 * Ranks entries against free text: best match first, then alphabetical. Blank text returns
 * every entry in alphabetical order.
 */
export function searchEntries<T>(
  entries: readonly SearchEntry<T>[],
  text: string,
  rank: (query: PreparedQuery, entry: SearchEntry<T>) => number | null = rankEntry,
): T[] {
  const query = prepareQuery(text);
  if (query.compact.length === 0) {
    return [...entries].sort(compareSortKeys).map((entry) => entry.value);
  }
  const ranked: { entry: SearchEntry<T>; rank: number }[] = [];
  for (const entry of entries) {
    const entryRank = rank(query, entry);
    if (entryRank !== null) ranked.push({ entry, rank: entryRank });
  }
  ranked.sort((a, b) => a.rank - b.rank || compareSortKeys(a.entry, b.entry));
  return ranked.map(({ entry }) => entry.value);
}

function compareSortKeys<T>(a: SearchEntry<T>, b: SearchEntry<T>): number {
  return a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0;
}
