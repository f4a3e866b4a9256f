// A text tooltip after WAI-ARIA's tooltip pattern, with the spec's timing: it opens 700 ms
// after the pointer rests on its trigger, at once when another tooltip closed less than 300 ms ago
// (the skip delay, so scanning a column is not slowed down), and at once on keyboard focus.
// It can be dismissed with Escape, the pointer can move onto it without closing it, and a tap
// toggles it (touch screens have no hover): WCAG 1.4.13.
//
// The content is plain text (React escapes it) rendered in a portal with fixed position, so a
// scrolling table never clips it.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './admin.module.css';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** How long the pointer has to cross from the trigger onto the tooltip. */
const HOVER_BRIDGE_MS = 120;

interface Timing {
  delay: number;
  skipDelay: number;
  /** When the last tooltip closed (0: never). */
  lastClosed: { current: number };
}

/** Outside a provider every tooltip shares this one. */
const DEFAULT_TIMING: Timing = {
  delay: TOOLTIP_DELAY_MS,
  skipDelay: TOOLTIP_SKIP_DELAY_MS,
  lastClosed: { current: 0 },
};
const TooltipTiming = createContext<Timing>(DEFAULT_TIMING);

export function TooltipProvider({
  delay = TOOLTIP_DELAY_MS,
  skipDelay = TOOLTIP_SKIP_DELAY_MS,
  children,
}: {
  delay?: number;
  skipDelay?: number;
  children: ReactNode;
}) {
  const lastClosed = useRef(0);
  const [timing] = useState<Timing>(() => ({ delay, skipDelay, lastClosed }));
  return <TooltipTiming.Provider value={timing}>{children}</TooltipTiming.Provider>;
}

interface Placement {
  top: number;
  left: number;
  maxWidth: number;
  side: 'top' | 'bottom';
}

/** Under the trigger, or above it in the lower part of the viewport; always inside the viewport. */
function place(rect: DOMRect): Placement {
  const margin = 8;
  const maxWidth = Math.min(448, window.innerWidth - 2 * margin);
  const left = Math.max(margin, Math.min(rect.left, window.innerWidth - maxWidth - margin));
  return rect.bottom > window.innerHeight * 0.6
    ? { side: 'top', top: rect.top - 6, left, maxWidth }
    : { side: 'bottom', top: rect.bottom + 6, left, maxWidth };
}

/**
 * `text`, truncated by CSS, with the whole of it as its tooltip. The trigger is a button so it is
 * in the tab order and can be tapped; its accessible name is the full text, the tooltip describes it.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  const timing = useContext(TooltipTiming);
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);

  const show = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    if (!trigger.current) return;
    // Measured as it opens; scrolling or resizing closes it, so the place stays right.
    setPlacement(place(trigger.current.getBoundingClientRect()));
    setOpen(true);
  }, []);

  const hide = useCallback(() => {
    window.clearTimeout(openTimer.current);
    setOpen((was) => {
      if (was) timing.lastClosed.current = performance.now();
      return false;
    });
  }, [timing]);

  const showAfterDelay = () => {
    window.clearTimeout(closeTimer.current);
    if (open) return;
    const skipping = timing.lastClosed.current > 0 && performance.now() - timing.lastClosed.current < timing.skipDelay;
    window.clearTimeout(openTimer.current);
    if (skipping) show();
    else openTimer.current = window.setTimeout(show, timing.delay);
  };

  const hideSoon = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(hide, HOVER_BRIDGE_MS);
  };

  useEffect(
    () => () => {
      window.clearTimeout(openTimer.current);
      window.clearTimeout(closeTimer.current);
    },
    [],
  );

  // While open: Escape dismisses it, and scrolling or resizing (which would leave it behind) closes it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        hide();
      }
    };
    const onMove = () => hide();
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('scroll', onMove, { capture: true, passive: true });
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('scroll', onMove, { capture: true });
      window.removeEventListener('resize', onMove);
    };
  }, [open, hide]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`${styles.truncate} ${className ?? ''}`}
        aria-describedby={open ? id : undefined}
        onPointerEnter={(e) => e.pointerType === 'mouse' && showAfterDelay()}
        onPointerLeave={(e) => e.pointerType === 'mouse' && hideSoon()}
        onFocus={(e) => {
          if (e.currentTarget.matches(':focus-visible')) show();
        }}
        onBlur={hide}
        onClick={() => (open ? hide() : show())}
      >
        {text}
      </button>
      {open &&
        placement &&
        createPortal(
          <div
            id={id}
            role="tooltip"
            className={styles.tooltip}
            data-side={placement.side}
            style={{
              top: placement.top,
              left: placement.left,
              maxWidth: placement.maxWidth,
              transform: placement.side === 'top' ? 'translateY(-100%)' : undefined,
            }}
            onPointerEnter={() => window.clearTimeout(closeTimer.current)}
            onPointerLeave={hideSoon}
          >
            {text}
          </div>,
          document.body,
        )}
    </>
  );
}
