// Rows of links to other pages (profile menu, section entries), 48 px tall.
import { useTranslation } from 'react-i18next';
import { AppLink, type Href } from '../app/link';

export interface LinkRow {
  to: Href;
  labelKey: string;
}

export function LinkRows({ rows }: { rows: readonly LinkRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="card row-links">
      {rows.map((r) => (
        <AppLink key={r.to} to={r.to} className="row-link">
          <span>{t(r.labelKey)}</span>
          <svg className="chev mirror-rtl" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </AppLink>
      ))}
    </div>
  );
}

export function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{children}</span>
    </div>
  );
}
