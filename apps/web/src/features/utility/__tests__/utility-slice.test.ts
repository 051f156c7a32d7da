import { describe, expect, it } from 'vitest';
import { initialUtilityState, shouldFetchEnums } from '../utility-slice.ts';

describe('enums loading rule (spec §5)', () => {
  it('fetches enums only when signed in and none are loaded', () => {
    expect(shouldFetchEnums({ auth: { session: {} }, utility: initialUtilityState })).toBe(true);
  });

  it('does not fetch when signed out', () => {
    expect(shouldFetchEnums({ auth: { session: null }, utility: initialUtilityState })).toBe(false);
  });

  it('does not fetch again once loaded or while loading', () => {
    const loaded = { ...initialUtilityState, metaData: {} as never };
    const loading = { ...initialUtilityState, isLoadingMetaData: true };
    expect(shouldFetchEnums({ auth: { session: {} }, utility: loaded })).toBe(false);
    expect(shouldFetchEnums({ auth: { session: {} }, utility: loading })).toBe(false);
  });
});
