// The custom navigation bar on every page: back (mirrored in RTL) and the route's title.
import { useTranslation } from 'react-i18next';
import { goBack } from './back';
import { useAppNavigate } from './link';
import type { RouteDef } from './routes';

export function NavBar({ route }: { route: RouteDef | undefined }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const isTab = route?.tab !== undefined;
  const back = () => goBack(navigate);
  return (
    <header className="nav-bar">
      {!isTab && (
        <button type="button" className="nav-back" onClick={back} aria-label={t('action.back')}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="mirror-rtl">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      <h1 className="nav-title">{t(route?.titleKey ?? 'page.notFound')}</h1>
    </header>
  );
}
