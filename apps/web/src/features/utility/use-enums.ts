import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { fetchEnums } from './utility-slice.ts';

/**
 * The reference lists for a form. Asking is cheap: the thunk only fetches when someone is
 * signed in and nothing is loaded or loading (spec §5).
 */
export function useEnums() {
  const dispatch = useAppDispatch();
  const { metaData, isLoadingMetaData, metaDataError } = useAppSelector((state) => state.utility);
  useEffect(() => {
    void dispatch(fetchEnums());
  }, [dispatch]);
  const retry = useCallback(() => void dispatch(fetchEnums()), [dispatch]);
  return { enums: metaData, isLoading: isLoadingMetaData, error: metaDataError, retry };
}
