// Language selection: the 12 languages, each by its own name (docs/business-rules.md "Languages and screens"); the choice is remembered.
import { useTranslation } from 'react-i18next';
import { goBack } from '../../app/back';
import { useAppNavigate } from '../../app/link';
import { LANGUAGES, setLanguage } from '../../i18n';

export default function Language() {
  const { i18n } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <div className="page">
      <div className="card row-links" role="listbox">
        {LANGUAGES.map((l) => {
          const selected = i18n.language === l.code;
          return (
            <button
              key={l.code}
              type="button"
              role="option"
              aria-selected={selected}
              lang={l.code}
              dir={l.dir}
              className="row-link lang-option"
              data-lang={l.code}
              onClick={async () => {
                await setLanguage(l.code);
                goBack(navigate);
              }}
            >
              <span>{l.nativeName}</span>
              {selected && (
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M5 12l5 5 9-10"
                    fill="none"
                    stroke="var(--brand)"
                    strokeWidth="2.4"
                    strokeLinecap="round"
                  />
                </svg>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
