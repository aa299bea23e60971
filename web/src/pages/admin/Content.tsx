// Content: articles per language (which languages a slug lacks, a reader's preview — the fallback of
// a missing language too —, the stored text loaded to edit, publish), banners, contact links.
import { adminRoutes } from '@free/protocol/api/generated/admin-routes';
import { ARTICLE_TYPES, type ArticleType } from '@free/protocol/content';
import { LANGUAGE_CODES, type LanguageCode } from '@free/protocol/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Contacts, useAdminGet, useAdminPost } from '../../api/admin';
import { type ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import { DateTime } from '../../components/Amount';
import { contentLangProps } from '../../i18n';
import { ARTICLE_TYPE_KEYS, ArticleTypeName, DataTable, Loaded, Panel, Problem, Saved } from './parts';

type Draft = { slug: string; type: string; lang: string; title: string; summary: string; content: string };
const EMPTY: Draft = { slug: '', type: ARTICLE_TYPES[0], lang: 'en', title: '', summary: '', content: '' };

export function Content() {
  // the publish form's draft lives here, so an article's language can be opened in it from the list
  const [draft, setDraft] = useState<{ d: Draft; n: number }>({ d: EMPTY, n: 0 });
  const edit = (slug: string, lang: string) => setDraft((x) => ({ d: { ...x.d, slug, lang }, n: x.n + 1 }));
  return (
    <div className="admin-grid">
      <Articles onEdit={edit} />
      <Publish key={draft.n} initial={draft.d} load={draft.n > 0} />
      <Banners />
      <ContactLinks />
    </div>
  );
}

function Articles({ onEdit }: { onEdit: (slug: string, lang: string) => void }) {
  const { t } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminArticles);
  const [preview, setPreview] = useState<{ slug: string; lang: string } | null>(null);
  return (
    <Panel title={t('admin.content.articles')} testId="articles">
      <Loaded q={q}>
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(a) => a.slug}
            rowProps={(a) => ({ 'data-slug': a.slug })}
            empty={<p className="muted">{t('list.noData')}</p>}
            columns={[
              { head: t('admin.content.slug'), cell: (a) => a.slug },
              { head: t('admin.content.type'), cell: (a) => <ArticleTypeName type={a.type} /> },
              {
                head: t('admin.content.languages'),
                cell: (a) =>
                  a.languages.map((lang) => (
                    <span key={lang} className="admin-chip-pair">
                      <button
                        type="button"
                        className="admin-chip"
                        data-preview={lang}
                        onClick={() => setPreview({ slug: a.slug, lang })}
                      >
                        {lang}
                      </button>
                      <button
                        type="button"
                        className="admin-chip"
                        data-edit={lang}
                        aria-label={t('admin.content.editLang', { lang })}
                        onClick={() => onEdit(a.slug, lang)}
                      >
                        ✎
                      </button>
                    </span>
                  )),
              },
              {
                head: t('admin.content.missing'),
                cell: (a) =>
                  a.missing.length === 0 ? (
                    t('admin.content.complete')
                  ) : (
                    // a reader of a missing language gets the fallback: preview exactly that
                    <span data-testid="missing">
                      {a.missing.map((lang) => (
                        <button
                          key={lang}
                          type="button"
                          className="admin-chip is-missing"
                          data-preview={lang}
                          title={t('admin.content.previewFallback')}
                          onClick={() => setPreview({ slug: a.slug, lang })}
                        >
                          {lang}
                        </button>
                      ))}
                    </span>
                  ),
                td: (a) => ({ className: a.missing.length ? 'is-danger' : undefined }),
              },
              { head: t('admin.time'), cell: (a) => <DateTime value={a.publishedAt} /> },
            ]}
          />
        )}
      </Loaded>
      {preview && <Preview slug={preview.slug} lang={preview.lang} />}
    </Panel>
  );
}

/** Exactly what a reader of that language gets (GET /api/admin/articles/preview), fallback included. */
function Preview({ slug, lang }: { slug: string; lang: string }) {
  const { t } = useTranslation();
  const q = useAdminGet(adminRoutes.getAdminArticlesPreview, { slug, lang: lang as LanguageCode });
  return (
    <article className="admin-preview" data-testid="article-preview">
      <p className="muted">{t('admin.content.previewAs', { lang })}</p>
      <Loaded q={q}>
        {(a) => (
          <>
            {a.language !== lang && (
              <p className="badge is-danger" data-testid="preview-fallback">
                {t('admin.content.fallbackShown', { lang, shown: a.language })}
              </p>
            )}
            <h3 {...contentLangProps(a.language, lang as LanguageCode)}>{a.title}</h3>
            {/* plain text: the console never renders stored HTML */}
            <pre className="admin-pre" {...contentLangProps(a.language, lang as LanguageCode)}>
              {a.content}
            </pre>
          </>
        )}
      </Loaded>
    </article>
  );
}

function Publish({ initial, load }: { initial: Draft; load: boolean }) {
  const { t } = useTranslation();
  const [f, setF] = useState(initial);
  const save = useAdminPost(adminRoutes.postAdminArticles);
  const qc = useQueryClient();
  const [loadState, setLoadState] = useState<'idle' | 'loading' | 'loaded' | 'none'>('idle');
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  // the stored text of the slug in the form's language, to edit it (GET /api/admin/articles/detail)
  const loadStored = async (slug: string, lang: string) => {
    setLoadState('loading');
    setLoadError(null);
    try {
      const a = await qc.fetchQuery({
        queryKey: keys.admin.get(adminRoutes.getAdminArticlesDetail.path, { slug, lang }),
        queryFn: () =>
          call(adminRoutes.getAdminArticlesDetail, {
            query: { slug, lang: lang as LanguageCode },
            hideError: true,
          }),
        staleTime: 0,
      });
      // the article has no text in that language yet
      if (a === null) return setLoadState('none');
      setF({
        slug: a.slug,
        type: a.type,
        lang: a.language,
        title: a.title,
        summary: a.summary,
        content: a.content,
      });
      setLoadState('loaded');
    } catch (err) {
      setLoadState('idle');
      setLoadError(err as ApiError);
    }
  };
  // opened from the list: load that language's text once
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the draft the form was opened with
  useEffect(() => {
    if (load && initial.slug) void loadStored(initial.slug, initial.lang);
  }, []);
  const field = (k: keyof Draft) => ({
    value: f[k],
    name: k,
    onChange: (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value }),
  });
  return (
    <Panel title={t('admin.content.publish')} testId="publish">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // the selects hold only ARTICLE_TYPES and LANGUAGE_CODES (the server checks them again)
          save.mutate({ ...f, type: f.type as ArticleType, lang: f.lang as LanguageCode });
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
              <option key={x} value={x}>
                {t(ARTICLE_TYPE_KEYS[x])}
              </option>
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
        <div className="admin-actions">
          <button
            type="button"
            data-testid="load-stored"
            disabled={f.slug.trim() === '' || loadState === 'loading'}
            onClick={() => void loadStored(f.slug.trim(), f.lang)}
          >
            {t('admin.content.loadStored')}
          </button>
          {loadState === 'loaded' && (
            <span className="admin-saved" role="status">
              {t('admin.content.loaded', { lang: f.lang })}
            </span>
          )}
          {loadState === 'none' && (
            <span className="muted" role="status" data-testid="load-none">
              {t('admin.content.noStored', { lang: f.lang })}
            </span>
          )}
        </div>
        <Problem error={loadError} />
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
  const q = useAdminGet(adminRoutes.getAdminBanners);
  const add = useAdminPost(adminRoutes.postAdminBanners);
  const remove = useAdminPost(adminRoutes.postAdminBannersRemove);
  const [image, setImage] = useState('');
  const [link, setLink] = useState('');
  return (
    <Panel title={t('admin.content.banners')} testId="banners">
      <Loaded q={q}>
        {(d) => (
          <DataTable
            head={false}
            rows={d.list}
            rowKey={(b) => b.id}
            columns={[
              { cell: (b) => b.image, td: { dir: 'ltr' } },
              { cell: (b) => b.link ?? '—', td: { dir: 'ltr' } },
              { cell: (b) => b.language ?? t('admin.content.allLanguages') },
              {
                cell: (b) => (
                  <button type="button" onClick={() => remove.mutate({ id: b.id })}>
                    {t('admin.remove')}
                  </button>
                ),
              },
            ]}
          />
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
  const q = useAdminGet(adminRoutes.getAdminContacts);
  return (
    <Panel title={t('admin.content.contacts')} testId="contacts">
      <Loaded q={q}>{(c) => <ContactsForm initial={c} />}</Loaded>
    </Panel>
  );
}

function ContactsForm({ initial }: { initial: Contacts }) {
  const { t } = useTranslation();
  const [c, setC] = useState(initial);
  const save = useAdminPost(adminRoutes.postAdminContacts);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(c);
      }}
    >
      <label>
        {t('contact.twitter')}
        <input dir="ltr" value={c.twitter} onChange={(e) => setC({ ...c, twitter: e.target.value })} />
      </label>
      <label>
        {t('contact.telegram')}
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
