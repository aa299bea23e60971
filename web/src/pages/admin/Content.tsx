// Content: articles per language (which languages a slug lacks, a reader's preview, publish), banners,
// contact links.
import { ARTICLE_TYPES } from '@free/protocol/content';
import { LANGUAGE_CODES } from '@free/protocol/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminArticlePreview,
  type AdminArticleSlug,
  type AdminBanner,
  type Contacts,
  useAdminGet,
  useAdminPost,
} from '../../api/admin';
import { DateTime } from '../../components/Amount';
import { Loaded, Panel, Problem, Saved } from './parts';

export function Content() {
  return (
    <div className="admin-grid">
      <Articles />
      <Publish />
      <Banners />
      <ContactLinks />
    </div>
  );
}

function Articles() {
  const { t } = useTranslation();
  const q = useAdminGet<{ list: AdminArticleSlug[] }>('/api/admin/articles');
  const [preview, setPreview] = useState<{ slug: string; lang: string } | null>(null);
  return (
    <Panel title={t('admin.content.articles')} testId="articles">
      <Loaded q={q}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="muted">{t('list.noData')}</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th>{t('admin.content.slug')}</th>
                  <th>{t('admin.content.type')}</th>
                  <th>{t('admin.content.languages')}</th>
                  <th>{t('admin.content.missing')}</th>
                  <th>{t('admin.time')}</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((a) => (
                  <tr key={a.slug} data-slug={a.slug}>
                    <td>{a.slug}</td>
                    <td>{a.type}</td>
                    <td>
                      {a.languages.map((lang) => (
                        <button
                          key={lang}
                          type="button"
                          className="admin-chip"
                          onClick={() => setPreview({ slug: a.slug, lang })}
                        >
                          {lang}
                        </button>
                      ))}
                    </td>
                    <td className={a.missing.length ? 'is-danger' : undefined} data-testid="missing">
                      {a.missing.length ? a.missing.join(' ') : t('admin.content.complete')}
                    </td>
                    <td>
                      <DateTime value={a.publishedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {preview && <Preview slug={preview.slug} lang={preview.lang} />}
    </Panel>
  );
}

/** Exactly what a reader of that language gets (GET /api/admin/articles/preview). */
function Preview({ slug, lang }: { slug: string; lang: string }) {
  const { t } = useTranslation();
  const q = useAdminGet<AdminArticlePreview>('/api/admin/articles/preview', { slug, lang });
  return (
    <article className="admin-preview" data-testid="article-preview">
      <p className="muted">{t('admin.content.previewAs', { lang })}</p>
      <Loaded q={q}>
        {(a) => (
          <>
            <h3>{a.title}</h3>
            {/* plain text: the console never renders stored HTML */}
            <pre className="admin-pre">{a.content}</pre>
          </>
        )}
      </Loaded>
    </article>
  );
}

function Publish() {
  const { t } = useTranslation();
  const [f, setF] = useState({
    slug: '',
    type: ARTICLE_TYPES[0] as string,
    lang: 'en',
    title: '',
    summary: '',
    content: '',
  });
  const save = useAdminPost<typeof f>('/api/admin/articles');
  const field = (k: keyof typeof f) => ({
    value: f[k],
    name: k,
    onChange: (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value }),
  });
  return (
    <Panel title={t('admin.content.publish')} testId="publish">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(f);
        }}
      >
        <label>
          {t('admin.content.slug')}
          <input {...field('slug')} dir="ltr" />
        </label>
        <label>
          {t('admin.content.type')}
          <select {...field('type')}>
            {ARTICLE_TYPES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.content.language')}
          <select {...field('lang')}>
            {LANGUAGE_CODES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.content.title')}
          <input {...field('title')} />
        </label>
        <label>
          {t('admin.content.summary')}
          <input {...field('summary')} />
        </label>
        <label>
          {t('admin.content.body')}
          <textarea rows={8} {...field('content')} />
        </label>
        <button type="submit" disabled={save.isPending}>
          {t('admin.content.publishButton')}
        </button>
        <Saved when={save.isSuccess} />
        <Problem error={save.error} />
      </form>
    </Panel>
  );
}

function Banners() {
  const { t } = useTranslation();
  const q = useAdminGet<{ list: AdminBanner[] }>('/api/admin/banners');
  const add = useAdminPost<{ image: string; link?: string }>('/api/admin/banners');
  const remove = useAdminPost<{ id: number }>('/api/admin/banners/remove');
  const [image, setImage] = useState('');
  const [link, setLink] = useState('');
  return (
    <Panel title={t('admin.content.banners')} testId="banners">
      <Loaded q={q}>
        {(d) => (
          <table className="admin-table">
            <tbody>
              {d.list.map((b) => (
                <tr key={b.id}>
                  <td dir="ltr">{b.image}</td>
                  <td dir="ltr">{b.link ?? '—'}</td>
                  <td>{b.language ?? t('admin.content.allLanguages')}</td>
                  <td>
                    <button type="button" onClick={() => remove.mutate({ id: b.id })}>
                      {t('admin.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <form
        className="admin-actions"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ image: image.trim(), ...(link.trim() ? { link: link.trim() } : {}) });
        }}
      >
        <input
          value={image}
          onChange={(e) => setImage(e.target.value)}
          placeholder={t('admin.content.image')}
        />
        <input value={link} onChange={(e) => setLink(e.target.value)} placeholder={t('admin.content.link')} />
        <button type="submit" disabled={image.trim() === '' || add.isPending}>
          {t('admin.add')}
        </button>
      </form>
      <Problem error={add.error ?? remove.error} />
    </Panel>
  );
}

function ContactLinks() {
  const { t } = useTranslation();
  const q = useAdminGet<Contacts>('/api/admin/contacts');
  return (
    <Panel title={t('admin.content.contacts')} testId="contacts">
      <Loaded q={q}>{(c) => <ContactsForm initial={c} />}</Loaded>
    </Panel>
  );
}

function ContactsForm({ initial }: { initial: Contacts }) {
  const { t } = useTranslation();
  const [c, setC] = useState(initial);
  const save = useAdminPost<Contacts>('/api/admin/contacts');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(c);
      }}
    >
      <label>
        Twitter
        <input dir="ltr" value={c.twitter} onChange={(e) => setC({ ...c, twitter: e.target.value })} />
      </label>
      <label>
        Telegram
        <input dir="ltr" value={c.telegram} onChange={(e) => setC({ ...c, telegram: e.target.value })} />
      </label>
      <button type="submit" disabled={save.isPending}>
        {t('admin.save')}
      </button>
      <Saved when={save.isSuccess} />
      <Problem error={save.error} />
    </form>
  );
}
