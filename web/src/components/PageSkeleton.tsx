// Loading states (docs/business-rules.md "Calls, messages and timing"): nothing for the first 200 ms, then a skeleton; after 60 s loading gives
// up with a retry, so no page spins forever on a stalled network.

import { LOAD_DELAY_MS, LOAD_TIMEOUT_MS } from '@free/protocol/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

export function useDelayed(active: boolean, ms = LOAD_DELAY_MS): boolean {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!active) {
      setShow(false);
      return;
    }
    const id = setTimeout(() => setShow(true), ms);
    return () => clearTimeout(id);
  }, [active, ms]);
  return show;
}

export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}

const reload = () => window.location.reload();

/**
 * What a page shows while it loads: nothing, then a skeleton, then (after LOAD_TIMEOUT_MS) a
 * 'could not load' notice whose retry calls `onRetry` (default: reload the page) and starts over.
 */
export function Loading({ rows = 3, onRetry = reload }: { rows?: number; onRetry?: () => void }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const shown = useDelayed(true);
  const [gaveUp, setGaveUp] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry restarts the timeout
  useEffect(() => {
    setGaveUp(false);
    const id = setTimeout(() => setGaveUp(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [attempt]);
  if (gaveUp)
    return (
      <EmptyState text={t('load.timedOut')}>
        <button
          type="button"
          className="chip"
          onClick={() => {
            setAttempt((n) => n + 1);
            onRetry();
          }}
        >
          {t('action.retry')}
        </button>
      </EmptyState>
    );
  return shown ? <Skeleton rows={rows} /> : null;
}

/** The fallback while a page's code loads: a stalled download ends in a reload button. */
export function PageSkeleton() {
  return <Loading rows={4} />;
}
