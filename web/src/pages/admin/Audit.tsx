// Audit: the ops_log (CLI and console), newest first, filterable by actor and command.

import { adminRoutes } from '@free/protocol/api/generated/admin-routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminGet } from '../../api/admin';

import { DateTime } from '../../components/Amount';
import { DataTable, json, Loaded, Panel } from './parts';

const SIZE = 50;

export function Audit() {
  const { t } = useTranslation();
  const [actor, setActor] = useState('');
  const [command, setCommand] = useState('');
  const [filter, setFilter] = useState({ actor: '', command: '' });
  const [page, setPage] = useState(1);
  const q = useAdminGet(adminRoutes.getAdminAudit, { ...filter, page, size: SIZE });
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
              <DataTable
                rows={d.list}
                rowKey={(r) => r.id}
                rowProps={(r) => ({ className: r.ok ? undefined : 'is-danger', 'data-command': r.command })}
                columns={[
                  { head: t('admin.time'), cell: (r) => <DateTime value={r.time} /> },
                  {
                    head: t('admin.audit.actor'),
                    cell: (r) => (
                      <>
                        <bdi dir="ltr">{r.actor}</bdi>
                        {r.shellUser && (
                          <span className="muted"> {t('admin.audit.shellUser', { user: r.shellUser })}</span>
                        )}
                      </>
                    ),
                  },
                  { head: t('admin.audit.command'), cell: (r) => r.command },
                  { head: t('admin.audit.args'), cell: (r) => json(r.args), td: { dir: 'ltr' } },
                  {
                    head: t('admin.result'),
                    cell: (r) => (r.ok ? json(r.result) : r.error),
                    td: { dir: 'ltr' },
                  },
                ]}
              />
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
