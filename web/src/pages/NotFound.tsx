import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../app/link';
import { EmptyState } from '../components/EmptyState';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <div className="page">
      <EmptyState text={t('page.notFound')}>
        <Button shape="rounded" onClick={() => navigate('/')}>
          {t('tab.home')}
        </Button>
      </EmptyState>
    </div>
  );
}
