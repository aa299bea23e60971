// Audit: the ops_log (CLI and console), newest first, filterable by actor and command.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditPage, useAdminGet } from '../../api/admin';
import { DateTime } from '../../components/Amount';
import { json, Loaded, Panel } from './parts';

const SIZE = 50;

export function Audit() {
  const { t } = useTranslation();
  const [actor, setActor] = useState('');
  const [command, setCommand] = useState('');
  const [filter, setFilter] = useState({ actor: '', command: '' });
  const [page, setPage] = useState(1);
  const q = useAdminGet<AuditPage>('/api/admin/audit', { ...filter, page, size: SIZE });
  return (
    <Panel title={t('admin.section.audit')} testId="audit">
      <form
        className="admin-actions"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilter({ actor: actor.trim(), command: command.trim() });
        }}
      >
        <input
          dir="ltr"
          name="actor"
          value={actor}
          onChange={(e) => setActor(e.target.value)}
          placeholder={t('admin.audit.actor')}
        />
        <input
          dir="ltr"
          name="command"
          value={command}
          onChange={(e) => setCommand(e.target.value)}
          placeholder={t('admin.audit.command')}
        />
        <button type="submit">{t('admin.audit.filter')}</button>
      </form>
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t('admin.time')}</th>
                    <th>{t('admin.audit.actor')}</th>
                    <th>{t('admin.audit.command')}</th>
                    <th>{t('admin.audit.args')}</th>
                    <th>{t('admin.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.list.map((r) => (
                    <tr key={r.id} className={r.ok ? undefined : 'is-danger'} data-command={r.command}>
                      <td>
                        <DateTime value={r.time} />
                      </td>
                      <td>
                        <bdi dir="ltr">{r.actor}</bdi>
                        {r.shellUser && (
                          <span className="muted"> {t('admin.audit.shellUser', { user: r.shellUser })}</span>
                        )}
                      </td>
                      <td>{r.command}</td>
                      <td dir="ltr">{json(r.args)}</td>
                      <td dir="ltr">{r.ok ? json(r.result) : r.error}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="admin-actions">
                <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
                  {t('admin.previous')}
                </button>
                <span>{page}</span>
                <button type="button" disabled={d.list.length < SIZE} onClick={() => setPage(page + 1)}>
                  {t('admin.next')}
                </button>
              </div>
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}
