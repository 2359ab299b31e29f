import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** `/pages/miscellaneous/not-authorized`: signed in, but this account may not open that page. */
export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      status="403"
      title={t('errorPage.notAuthorized.title')}
      detail={t('errorPage.notAuthorized.detail')}
      actions={<Button onClick={() => void navigate('/access-control')}>{t('errorPage.seeAccess')}</Button>}
    />
  );
}
