// Copies a text and says 'Copy Successful' (docs/business-rules.md "Calls, messages and timing").
import { useTranslation } from 'react-i18next';
import { showToast } from './toast';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older in-wallet browsers: the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={label ?? t('action.copy')}
      onClick={async () => {
        if (await copyText(text)) showToast(t('toast.copied'), 'success');
      }}
    >
      {label ?? (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <rect
            x="8"
            y="8"
            width="12"
            height="12"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <path
            d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
      )}
    </button>
  );
}
