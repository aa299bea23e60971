import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../components/EmptyState';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
