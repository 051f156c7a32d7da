import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cx } from './cx.ts';
import './pager.css';

export interface PagerProps {
  /** Where the reader is, e.g. "Page 2 of 5". */
  status: ReactNode;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Smaller, quieter status text, for a pager under a dense list. */
  isMuted?: boolean;
}

/** Previous / Next under a list split into pages; the buttons show only when there is more than one. */
export function Pager({ status, page, pageCount, onPage, isMuted }: PagerProps) {
  return (
    <nav className={cx('pager', isMuted && 'pager--muted')} aria-label="Pages">
      <span>{status}</span>
      {pageCount > 1 && (
        <span className="pager__buttons">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </span>
      )}
    </nav>
  );
}
