// Route guard (docs/business-rules.md "Languages and screens"): personal pages ask for sign-in instead of rendering empty.
import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { requestSignIn } from '../session/prompt';
import { useSession } from '../session/store';
import type { RouteDef } from './routes';

export function Guard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const signedIn = useSession() !== null;
  const { t } = useTranslation();
  const blocked = route.needsLogin && !signedIn;
  useEffect(() => {
    if (blocked) requestSignIn();
  }, [blocked]);
  if (!blocked) return <>{children}</>;
  return (
    <div className="page">
      <EmptyState text={t('auth.signInToView')}>
        <Button color="primary" shape="rounded" onClick={requestSignIn}>
          {t('auth.signIn')}
        </Button>
      </EmptyState>
    </div>
  );
}
