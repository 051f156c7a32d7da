import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cx } from './cx.ts';
import './tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** A count or status shown after the label. */
  badge?: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem[];
  defaultTabId?: string;
  /** Controlled selection; pair with onChange. */
  selectedTabId?: string;
  onChange?: (tabId: string) => void;
  className?: string;
}

/**
 * Tabs with a roving tabindex: Tab reaches the selected tab only, arrow keys move between
 * tabs (selecting as they go), Home and End jump to the ends.
 */
export function Tabs({ label, tabs, defaultTabId, selectedTabId, onChange, className }: TabsProps) {
  const baseId = useId();
  const [ownSelection, setOwnSelection] = useState(defaultTabId ?? tabs[0]?.id);
  const selected = selectedTabId ?? ownSelection;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);

  // On a narrow screen the tab list scrolls sideways; keep the selected tab in view (a page
  // opened on its fourth tab shows that tab, not the first three).
  useEffect(() => {
    const list = listRef.current;
    const tab = selected === undefined ? undefined : tabRefs.current.get(selected);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
    else if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
  }, [selected]);

  const select = (tabId: string, shouldFocus: boolean) => {
    setOwnSelection(tabId);
    onChange?.(tabId);
    if (shouldFocus) tabRefs.current.get(tabId)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (tab) select(tab.id, true);
  };

  return (
    <div className={cx('tabs', className)}>
      <div ref={listRef} className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => select(tab.id, false)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
              {tab.badge !== undefined && <span className="tabs__badge">{tab.badge}</span>}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes panels focusable.
          tabIndex={0}
          className="tabs__panel"
        >
          {tab.id === selected && tab.content}
        </div>
      ))}
    </div>
  );
}
