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
  return {
    selected,
    isAllMatching,
    toggle,
    clear,
    selectPage,
    selectAllMatching: () => {
      setSelected(new Set(orderedIds));
      setIsAllMatching(true);
    },
  };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;
