// Signed-in devices: every live session of the user, with sign-out for one or for all others.
import type { SessionItem } from '@free/protocol/api/user';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRestartStalled } from '../../api/restart';
import { useRevokeSessions, useSessions } from '../../api/sessions';
import { DateTime } from '../../components/Amount';
import { Loading } from '../../components/PageSkeleton';
import { showToast } from '../../components/toast';
import { signOut } from '../../session/signOut';
import './mine.css';

const OS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** "Chrome · Android" from a User-Agent, or null when nothing is recognised. */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const os = OS.find(([re]) => re.test(userAgent))?.[1];
  const parts = [browser, os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export default function Sessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const restart = useRestartStalled();
  const revoke = useRevokeSessions(() => showToast(t('sessions.revoked'), 'success'));
  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current);

  const end = (s: SessionItem) => {
    // ending this device's own session is a sign-out
    if (s.current) void signOut();
    else revoke.mutate({ id: s.id });
  };

  if (sessions.isPending) return <Loading rows={4} onRetry={restart} />;
  return (
    <div className="page">
      <p className="muted">{t('sessions.explain')}</p>
      <ul className="card session-list" data-testid="session-list">
        {list.map((s) => (
          <li key={s.id} className="session-row" data-testid="session-row">
            <div className="session-main">
              <strong title={s.device ?? undefined}>
                {deviceLabel(s.device) ?? t('sessions.unknownDevice')}
              </strong>
              {s.current && <span className="badge">{t('sessions.current')}</span>}
              <span className="muted">
                {t('sessions.signedInAt')} <DateTime value={s.createdAt} />
              </span>
              <span className="muted">
                {t('sessions.lastUsed')} <DateTime value={s.lastUsedAt} />
              </span>
              <span className="muted">
                {t('sessions.expiresAt')} <DateTime value={s.expiresAt} />
              </span>
            </div>
            <Button
              size="small"
              fill="outline"
              loading={
                revoke.isPending &&
                revoke.variables &&
                'id' in revoke.variables &&
                revoke.variables.id === s.id
              }
              onClick={() => end(s)}
              data-testid={s.current ? 'session-sign-out' : 'session-revoke'}
            >
              {t('sessions.revoke')}
            </Button>
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          block
          shape="rounded"
          fill="outline"
          loading={revoke.isPending && revoke.variables !== undefined && 'others' in revoke.variables}
          onClick={() => revoke.mutate({ others: true })}
          data-testid="session-revoke-others"
        >
          {t('sessions.revokeOthers')}
        </Button>
      )}
    </div>
  );
}
