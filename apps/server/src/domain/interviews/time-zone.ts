/**
 * Whether the zone is an IANA zone this runtime knows (its ICU data), e.g. America/Denver. A
 * fixed offset or an abbreviation (EST) is refused: only a real zone follows daylight saving.
 */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone) || !zone.includes('/')) {
    return zone === 'UTC';
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
