import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** `/error-404`: the page does not exist; offer the way back and the way home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        title={<h1 className="result-title">{t('errorPage.notFound.title')}</h1>}
        subTitle={t('errorPage.notFound.detail')}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(-1)}>{t('errorPage.back')}</Button>
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('errorPage.home')}
            </Button>
          </Space>
        }
      />
    </main>
  );
}
