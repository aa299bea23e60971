// What the installed app says about itself: no network (the shell and the saved code still work,
// the figures cannot be fetched), and a new version ready to load.
import { useTranslation } from 'react-i18next';
import { reloadToUpdate, useOnline, useUpdateReady } from './pwa';

export function AppNotices() {
  const { t } = useTranslation();
  const online = useOnline();
  const update = useUpdateReady();
  if (online && !update) return null;
  return (
    <div className="app-notices">
      {!online && (
        <p className="notice" role="status" data-testid="offline-notice">
          {t('pwa.offline')}
        </p>
      )}
      {update && (
        <p className="notice update-ready" role="status" data-testid="update-ready">
          <span>{t('pwa.updateReady')}</span>
          <button type="button" onClick={reloadToUpdate}>
            {t('pwa.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
