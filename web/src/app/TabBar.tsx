// The five-slot bottom tab bar (docs/business-rules.md "Languages and screens") with the raised Ignite button in the middle.
import { useTranslation } from 'react-i18next';
import { useFire } from '../api/mine';
import { IgniteFlame } from './IgniteFlame';
import { useAppNavigate } from './link';
import { TABS } from './routes';
import { setTabIndex } from './tabIndex';

const ICONS: Record<number, string> = {
  0: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  1: 'M4 7h16l-1.5 12.5a1 1 0 0 1-1 .5h-11a1 1 0 0 1-1-.5zM8 7a4 4 0 0 1 8 0',
  3: 'M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5',
  4: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
};

export function TabBar({ active }: { active: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const fire = useFire();
  const ignited = fire.data?.ignited === true;
  return (
    <nav className="tab-bar" aria-label={t('nav.tabs')}>
      {TABS.map((tab) => {
        const index = tab.tab ?? 0;
        const selected = index === active;
        const go = () => {
          setTabIndex(index);
          navigate(tab.path);
        };
        if (index === 2) {
          return (
            <button
              key={tab.path}
              type="button"
              className={`tab-ignite${ignited ? ' is-ignited' : ''}${selected ? ' is-active' : ''}`}
              aria-label={t(tab.titleKey)}
              aria-current={selected ? 'page' : undefined}
              onClick={go}
            >
              <IgniteFlame />
            </button>
          );
        }
        return (
          <button
            key={tab.path}
            type="button"
            className={`tab-item${selected ? ' is-active' : ''}`}
            aria-current={selected ? 'page' : undefined}
            onClick={go}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d={ICONS[index]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <span>{t(tab.titleKey)}</span>
          </button>
        );
      })}
    </nav>
  );
}
