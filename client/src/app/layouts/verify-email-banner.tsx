import { Alert, Button } from 'antd';
import { useTranslation } from '../../lib/i18n/translate';
import { useResendVerification } from '../../features/settings/api/resend-verification';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';

/**
 * Reminds a vendor whose address is not verified yet, on every page of the shell, until it is:
 * nothing is blocked, and a new link is one click away. Records from before verification existed
 * (no `email_verified`) show nothing.
 */
export function VerifyEmailBanner() {
  const vendor = useSessionVendor();
  const resend = useResendVerification();
  const message = useToast();
  const { t } = useTranslation();
  if (!vendor || vendor.email_verified !== false) return null;
  const email = String(vendor.email ?? '');

  const onResend = async () => {
    try {
      await resend.mutateAsync();
      void message.success(t('verifyEmail.sent', { email }));
    } catch {
      void message.error(t('verifyEmail.failed'));
    }
  };

  return (
    <Alert
      className="shell__verify-email"
      type="info"
      showIcon
      title={t('verifyEmail.text', { email })}
      action={
        <Button size="small" loading={resend.isPending} onClick={() => void onResend()}>
          {t('verifyEmail.resend')}
        </Button>
      }
    />
  );
}
