import { Button } from '@medhire/ui/button.tsx';
import { CloseIcon } from '@medhire/ui/icons.tsx';
import {
  type CSSProperties,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import {
  type AccountProgress,
  isAnchorVisible,
  stepsToOffer,
  TOUR_STEPS,
  type TourStep,
  tourAnchor,
} from './tour-steps.ts';
import './guided-tour.css';

const GAP = 12;
const MARGIN = 12;
const POPOVER_WIDTH = 320;
const POPOVER_HEIGHT_ESTIMATE = 200;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * Beside a sidebar item, else below the anchor, else above it; always inside the window, also
 * while the page scrolls the anchor partly or wholly out of view (the popover then waits at the
 * window's edge nearest to it).
 */
export function placePopover(anchor: Box, viewport: { width: number; height: number }): CSSProperties {
  const width = Math.min(POPOVER_WIDTH, viewport.width - 2 * MARGIN);
  const clampLeft = (left: number) => Math.min(Math.max(left, MARGIN), viewport.width - width - MARGIN);
  const clampTop = (top: number) =>
    Math.min(Math.max(top, MARGIN), Math.max(MARGIN, viewport.height - POPOVER_HEIGHT_ESTIMATE - MARGIN));
  const right = anchor.left + anchor.width;
  const bottom = anchor.top + anchor.height;

  if (anchor.left < viewport.width * 0.3 && right + GAP + width + MARGIN <= viewport.width) {
    return { width, left: right + GAP, top: clampTop(anchor.top + anchor.height / 2 - 48) };
  }
  const left = clampLeft(anchor.left + anchor.width / 2 - width / 2);
  if (bottom + GAP + POPOVER_HEIGHT_ESTIMATE + MARGIN <= viewport.height) {
    return { width, left, top: clampTop(bottom + GAP) };
  }
  const highestBottom = Math.max(MARGIN, viewport.height - POPOVER_HEIGHT_ESTIMATE - MARGIN);
  return {
    width,
    left,
    bottom: Math.min(Math.max(MARGIN, viewport.height - anchor.top + GAP), highestBottom),
  };
}

/**
 * A lean guided tour: a spotlight on one `data-tour` anchor at a time and a small non-modal
 * dialog beside it. Focus moves into the dialog at each stop and returns afterwards; Escape or
 * "Skip tour" ends it, and ending (finished or skipped) is remembered by the caller.
 */
export function GuidedTour({
  generation,
  progress,
  onFinish,
}: {
  generation: number;
  progress: AccountProgress;
  onFinish: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const popoverRef = useRef<HTMLDivElement>(null);
  const [steps, setSteps] = useState<readonly TourStep[]>([]);
  const [index, setIndex] = useState(0);
  const [anchorBox, setAnchorBox] = useState<Box | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation (user sync) re-reads the page.
  useLayoutEffect(() => {
    setSteps(stepsToOffer(TOUR_STEPS, progress, (anchor) => isAnchorVisible(tourAnchor(anchor))));
  }, [generation]);

  const step = steps[Math.min(index, steps.length - 1)];

  useLayoutEffect(() => {
    if (!step) return;
    const anchor = tourAnchor(step.anchor);
    if (!anchor) return;
    anchor.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const measure = () => {
      const rect = anchor.getBoundingClientRect();
      setAnchorBox({ top: rect.top, left: rect.left, width: rect.width, height: rect.height });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step]);

  const isPlaced = anchorBox !== null;
  // Each stop takes focus once its dialog is on screen.
  useEffect(() => {
    if (step && isPlaced) popoverRef.current?.focus();
  }, [step, isPlaced]);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => previouslyFocused?.focus();
  }, []);

  if (!step || !anchorBox) return null;

  const isLast = index >= steps.length - 1;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onFinish();
    }
  };

  return createPortal(
    <>
      <div
        className="tour-spotlight"
        aria-hidden="true"
        style={{
          top: anchorBox.top - 4,
          left: anchorBox.left - 4,
          width: anchorBox.width + 8,
          height: anchorBox.height + 8,
        }}
      />
      <div
        ref={popoverRef}
        className="tour-popover"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        style={placePopover(anchorBox, { width: window.innerWidth, height: window.innerHeight })}
        onKeyDown={onKeyDown}
      >
        <div className="tour-popover__header">
          <p className="tour-popover__count">
            {index + 1} of {steps.length}
          </p>
          <Button variant="ghost" size="sm" isIconOnly aria-label="Skip tour" onClick={onFinish}>
            <CloseIcon size={16} />
          </Button>
        </div>
        <h2 className="tour-popover__title" id={titleId}>
          {step.title}
        </h2>
        <p className="tour-popover__body" id={bodyId}>
          {step.body}
        </p>
        <div className="tour-popover__actions">
          <Button variant="ghost" size="sm" onClick={onFinish}>
            Skip tour
          </Button>
          <span className="tour-popover__spacer" />
          {index > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setIndex(index - 1)}>
              Back
            </Button>
          )}
          <Button size="sm" onClick={() => (isLast ? onFinish() : setIndex(index + 1))}>
            {isLast ? 'Finish' : 'Next'}
          </Button>
        </div>
      </div>
    </>,
    document.body,
  );
}
