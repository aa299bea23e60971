// Free Pay cards: what they are, applying for a virtual or physical card (name, phone, and the
// address for a physical one), and my applications with their states.
import { cardApplyBody } from '@free/protocol/api/index';
import { Button, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyCard, useMyCards } from '../../api/cards';
import { useModuleOpen } from '../../api/modules';
import { DateTime } from '../../components/Amount';
import { EmptyState } from '../../components/EmptyState';
import { showToast } from '../../components/toast';
import { requestSignIn } from '../../session/prompt';
import { useSession } from '../../session/store';
import { ArticleList } from './Docs';
import { ModuleState } from './ModuleIntro';
import './index.css';

type Kind = 'virtual' | 'physical';

/** Which fields of the form are wrong, by the protocol's schema (empty when it may be sent). */
export function cardFormProblems(form: { kind: Kind; name: string; phone: string; address: string }) {
  const problems = new Set<'name' | 'phone' | 'address'>();
  const parsed = cardApplyBody.safeParse({
    ...form,
    address: form.kind === 'physical' ? form.address : undefined,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'phone' || field === 'address') problems.add(field);
    }
  if (form.kind === 'physical' && form.address.trim() === '') problems.add('address');
  return problems;
}

function ApplyForm() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('virtual');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problems = cardFormProblems({ kind, name, phone, address });
  const apply = useApplyCard(() => {
    showToast(t('card.applied'), 'success');
    setName('');
    setPhone('');
    setAddress('');
    setSubmitted(false);
  });
  const show = (f: 'name' | 'phone' | 'address') => submitted && problems.has(f);
  return (
    <section className="card stack">
      <h2>{t('card.apply')}</h2>
      <nav className="chips" aria-label={t('card.kind')}>
        {(['virtual', 'physical'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`chip${k === kind ? ' is-active' : ''}`}
            onClick={() => setKind(k)}
          >
            {t(`card.${k}`)}
          </button>
        ))}
      </nav>
      <div className="form-field">
        <label htmlFor="card-name">{t('card.name')}</label>
        <Input id="card-name" value={name} onChange={setName} maxLength={80} aria-invalid={show('name')} />
        {show('name') && <p className="field-error">{t('card.nameRequired')}</p>}
      </div>
      <div className="form-field">
        <label htmlFor="card-phone">{t('card.phone')}</label>
        <Input
          id="card-phone"
          value={phone}
          onChange={setPhone}
          type="tel"
          maxLength={24}
          aria-invalid={show('phone')}
        />
        {show('phone') && <p className="field-error">{t('card.phoneInvalid')}</p>}
      </div>
      {kind === 'physical' && (
        <div className="form-field">
          <label htmlFor="card-address">{t('card.address')}</label>
          <TextArea
            id="card-address"
            value={address}
            onChange={setAddress}
            maxLength={300}
            rows={3}
            autoSize
          />
          {show('address') && <p className="field-error">{t('card.addressRequired')}</p>}
        </div>
      )}
      <Button
        block
        color="primary"
        shape="rounded"
        loading={apply.isPending}
        onClick={() => {
          setSubmitted(true);
          if (problems.size === 0)
            apply.mutate({
              kind,
              name: name.trim(),
              phone: phone.trim(),
              address: kind === 'physical' ? address.trim() : undefined,
            });
        }}
      >
        {t('card.submit')}
      </Button>
    </section>
  );
}

function MyCards() {
  const { t } = useTranslation();
  const cards = useMyCards();
  if (cards.isPending) return null;
  if (!cards.data || cards.data.length === 0) return <EmptyState text={t('list.noData')} />;
  return (
    <ul className="list">
      {cards.data.map((c) => (
        <li key={c.id} className="list-item record">
          <div className="record-main">
            <span className="record-kind">{t(`card.${c.kind}`)}</span>
            <span>{t(`state.${c.state}`)}</span>
          </div>
          <div className="record-sub muted">
            <span>{c.name}</span>
            <DateTime value={c.createdAt} />
          </div>
          {c.note && <p className="muted">{c.note}</p>}
        </li>
      ))}
    </ul>
  );
}

export default function FreePay() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  const open = useModuleOpen('cards');
  return (
    <div className="page">
      <section className="hero">
        <h2>{t('page.freePay')}</h2>
        <p>{t('card.intro')}</p>
      </section>
      <ModuleState module="cards" />
      {!signedIn ? (
        <Button color="primary" shape="rounded" block onClick={requestSignIn}>
          {t('auth.signIn')}
        </Button>
      ) : (
        <>
          {open === 'open' && <ApplyForm />}
          <h2 className="section-title">{t('card.mine')}</h2>
          <MyCards />
        </>
      )}
      <h2 className="section-title">{t('module.articles')}</h2>
      <ArticleList type="freepay" />
    </div>
  );
}
