import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { usePathOf } from '../../lib/router/use-path-of';
import { ErrorScreen } from './error-screen';

/** `/pages/miscellaneous/not-authorized`: signed in, but this account may not open that page. */
export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  return (
    <ErrorScreen
      status="403"
      title={t('errorPage.notAuthorized.title')}
      detail={t('errorPage.notAuthorized.detail')}
      actions={<Button onClick={() => void navigate(pathOf(GUARD_ROUTES.accessControl))}>{t('errorPage.seeAccess')}</Button>}
    />
  );
}
