// 'No data yet' (and other empty states) with a small illustration.
import type { ReactNode } from 'react';

export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden="true">
        <rect x="18" y="22" width="84" height="56" rx="10" fill="var(--brand-soft)" />
        <path
          d="M18 44h26l6 8h20l6-8h26"
          fill="none"
          stroke="var(--brand)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <circle cx="92" cy="18" r="6" fill="var(--brand)" opacity=".35" />
        <circle cx="28" cy="12" r="3" fill="var(--brand)" opacity=".5" />
      </svg>
      <p>{text}</p>
      {children}
    </div>
  );
}
