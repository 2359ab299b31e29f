import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** `/pages/miscellaneous/not-authorized`: signed in, but this account may not open that page. */
export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="403"
        title={<h1 className="result-title">{t('errorPage.notAuthorized.title')}</h1>}
        subTitle={t('errorPage.notAuthorized.detail')}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(-1)}>{t('errorPage.back')}</Button>
            <Button onClick={() => void navigate('/access-control')}>{t('errorPage.seeAccess')}</Button>
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('errorPage.home')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}
