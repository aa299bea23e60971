// The operator console (`#/admin`, `#/admin/<section>`): loaded lazily, never on a user's first paint.
// The server decides who is an operator (GET /api/admin/me); everyone else sees a refusal.
import { CONSOLE_SECTIONS, type ConsoleSection, roleAllows } from '@free/protocol/api/admin';
import { ErrorCode } from '@free/protocol/envelope';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAdminMe } from '../../api/admin';
import type { ApiError } from '../../api/client';
import { AppLink } from '../../app/link';
import { useSession } from '../../session/store';
import { Audit } from './Audit';
import { Content } from './Content';
import { Dashboard } from './Dashboard';
import { Money } from './Money';
import { Product } from './Product';
import { Problem } from './parts';
import { useConsoleTexts } from './texts';
import { Users } from './Users';
import './admin.css';

const SECTIONS = Object.keys(CONSOLE_SECTIONS) as ConsoleSection[];
const VIEWS: Record<ConsoleSection, () => React.JSX.Element> = {
  dashboard: Dashboard,
  money: Money,
  product: Product,
  content: Content,
  users: Users,
  audit: Audit,
};

/** The section named by the path, or null for the bare `#/admin`. */
export function sectionOf(pathname: string): ConsoleSection | null {
  const name = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return (SECTIONS as string[]).includes(name) ? (name as ConsoleSection) : null;
}

export default function AdminConsole() {
  const textsReady = useConsoleTexts();
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  const { pathname } = useLocation();
  const me = useAdminMe(signedIn);
  if (me.isLoading || !textsReady) return <p className="muted">{t('admin.loading')}</p>;
  if (me.error || !me.data) {
    const code = (me.error as ApiError | null)?.code;
    return (
      <div className="admin-refused" data-testid="admin-refused">
        <h2>{t('admin.refusedTitle')}</h2>
        <p>{code === ErrorCode.NotOperator ? t('admin.refusedNotOperator') : t('admin.refusedOther')}</p>
        <Problem error={me.error} />
      </div>
    );
  }
  const role = me.data.role;
  const allowed = SECTIONS.filter((s) => roleAllows(role, CONSOLE_SECTIONS[s]));
  const section = sectionOf(pathname) ?? allowed[0] ?? 'dashboard';
  const View = VIEWS[section];
  return (
    <div className="admin" data-testid="admin-console">
      <header className="admin-head">
        <span data-testid="admin-role">
          {t('admin.signedInAs', { address: me.data.address, role: t(`admin.role.${role}`) })}
        </span>
        <nav className="admin-nav">
          {allowed.map((s) => (
            <AppLink
              key={s}
              to={`/admin/${s}`}
              className={s === section ? 'is-active' : undefined}
              data-section={s}
            >
              {t(`admin.section.${s}`)}
            </AppLink>
          ))}
        </nav>
      </header>
      {allowed.includes(section) ? (
        <View />
      ) : (
        <p className="admin-refused" data-testid="admin-section-refused">
          {t('admin.sectionRefused', { role: t(`admin.role.${role}`) })}
        </p>
      )}
    </div>
  );
}
