// Loading placeholder, shown only when loading takes longer than 200 ms (SPEC §9).

import { LOAD_DELAY_MS } from '@free/protocol/constants';
import { useEffect, useState } from 'react';

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

export function PageSkeleton() {
  const show = useDelayed(true);
  return show ? <Skeleton rows={4} /> : null;
}
