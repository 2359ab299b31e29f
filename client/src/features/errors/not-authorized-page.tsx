import { useTranslation } from '../../lib/i18n/translate';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { LinkButton } from '../../components/link-button';
import { usePathOf } from '../../lib/router/use-path-of';
import { ErrorScreen } from './error-screen';

/** `/pages/miscellaneous/not-authorized`: signed in, but this account may not open that page. */
export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const pathOf = usePathOf();
  return (
    <ErrorScreen
      status="403"
      title={t('errorPage.notAuthorized.title')}
      detail={t('errorPage.notAuthorized.detail')}
      actions={<LinkButton to={pathOf(GUARD_ROUTES.accessControl)}>{t('errorPage.seeAccess')}</LinkButton>}
    />
  );
}
