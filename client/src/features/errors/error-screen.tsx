import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { useNavigate } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { LinkButton } from '../../components/link-button';
import { usePathOf } from '../../lib/router/use-path-of';

/** An error page: what happened, then the way back, any `actions` of its own, and the way home. */
export function ErrorScreen({ status, title, detail, actions }: { status: '403' | '404'; title: string; detail: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  return (
    <main className="error-page">
      <Result
        status={status}
        title={<h1 className="result-title">{title}</h1>}
        subTitle={detail}
        extra={
          <Space wrap>
            <Button onClick={() => void navigate(-1)}>{t('errorPage.back')}</Button>
            {actions}
            <LinkButton type="primary" to={pathOf(GUARD_ROUTES.login)}>
              {t('errorPage.home')}
            </LinkButton>
          </Space>
        }
      />
    </main>
  );
}
