import { useTranslation } from '../../lib/i18n/translate';
import { ErrorScreen } from './error-screen';

/** `/error-404`: the page does not exist; offer the way back and the way home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen status="404" title={t('errorPage.notFound.title')} detail={t('errorPage.notFound.detail')} />;
}
