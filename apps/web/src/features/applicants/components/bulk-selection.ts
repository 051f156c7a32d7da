import { useCallback, useState } from 'react';

/**
 * The selection after a click on `id`'s checkbox. A plain click toggles that row and makes it
 * the anchor; a shift-click gives every row from the anchor to `id` (in the order shown) the
 * state the clicked row takes, as file managers and mail clients do.
 */
export function nextSelection(
  selected: ReadonlySet<string>,
  orderedIds: readonly string[],
  id: string,
  anchor: string | null,
  isRange: boolean,
): Set<string> {
  const next = new Set(selected);
  const willSelect = !selected.has(id);
  const from = anchor === null ? -1 : orderedIds.indexOf(anchor);
  const to = orderedIds.indexOf(id);
  if (!isRange || from === -1 || to === -1) {
    if (willSelect) next.add(id);
    else next.delete(id);
    return next;
  }
  for (const rowId of orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (willSelect) next.add(rowId);
    else next.delete(rowId);
  }
  return next;
}

/** The selection with every one of `ids` added (a column's or a group's "Select all"). */
export function withAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(selected);
  for (const id of ids) next.add(id);
  return next;
}

/** The selection with none of `ids` left in it. */
export function withoutAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(selected);
  for (const id of ids) next.delete(id);
  return next;
}

/** True when `ids` is not empty and every one of them is selected. */
export function hasAll(selected: ReadonlySet<string>, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}

/** Row selection of one list page, with shift-click ranges and "every one matching the filter". */
export function useBulkSelection(orderedIds: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const [isAllMatching, setIsAllMatching] = useState(false);
  const toggle = useCallback(
    (id: string, isRange: boolean) => {
      setIsAllMatching(false);
      setSelected((current) => nextSelection(current, orderedIds, id, anchor, isRange));
      setAnchor(id);
    },
    [orderedIds, anchor],
  );
  const clear = useCallback(() => {
    setSelected(new Set());
    setAnchor(null);
    setIsAllMatching(false);
  }, []);
  const selectPage = useCallback(() => setSelected(new Set(orderedIds)), [orderedIds]);
  /**
   * Like `toggle`, for lists shown in parts (the board's columns, a physician's group): a
   * shift-click's range runs within `groupIds`, in their order; from an anchor outside the
   * group it toggles the one row.
   */
  const toggleWithin = useCallback(
    (id: string, isRange: boolean, groupIds: readonly string[]) => {
      setIsAllMatching(false);
      setSelected((current) => nextSelection(current, groupIds, id, anchor, isRange));
      setAnchor(id);
    },
    [anchor],
  );
  /** Adds `ids` to the selection ("Select all in Submitted"). */
  const selectIds = useCallback((ids: readonly string[]) => {
    setIsAllMatching(false);
    setSelected((current) => withAll(current, ids));
  }, []);
  /** Takes `ids` out of the selection. */
  const deselectIds = useCallback((ids: readonly string[]) => {
    setIsAllMatching(false);
    setSelected((current) => withoutAll(current, ids));
  }, []);
  return {
    selected,
    isAllMatching,
    toggle,
    toggleWithin,
    selectIds,
    deselectIds,
    clear,
    selectPage,
    selectAllMatching: () => {
      setSelected(new Set(orderedIds));
      setIsAllMatching(true);
    },
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
