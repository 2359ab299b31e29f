import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { useNavigate } from 'react-router-dom';
import type { Category } from '../../../../shared/contracts/category';
import type { VendorRecord } from '../../../../shared/contracts/vendor';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { ruleHolds } from '../../../../shared/guard/rule-holds';
import { useConfig } from '../../lib/config/config-context';
import { problemOf } from '../../lib/forms/server-errors';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';
import { useRemoveService } from './api/remove-service';

/**
 * The service whose compulsory screen this route is and that holds the vendor here now: the
 * vendor offers it (or its rule applies to every vendor) and its guard rule currently fires.
 */
function holdingService(
  routeName: string | undefined,
  vendor: VendorRecord | null,
  categories: readonly Category[],
  guardRules: ReturnType<typeof useConfig>['guardRules'],
): Category | null {
  if (!routeName || !vendor) return null;
  const category = categories.find((c) => c.guardRule?.redirectTo === routeName);
  const rule = category && guardRules.find((r) => r.id === category.guardRule?.id);
  return category && rule && ruleHolds(rule, vendor) ? category : null;
}

/** Whether the vendor offers the category (and so could remove it, keeping another service). */
function offers(vendor: VendorRecord | null, category: Category): boolean {
  return (vendor?.category ?? []).some((entry) => Number(entry.vendor_type_id) === category.vendorTypeId);
}

/**
 * On a compulsory settings screen (docs/specification.md §4), while it holds the vendor here:
 * why it is needed before leads arrive and what it does (a vendor with one service otherwise
 * meets a screen every menu click bounces back to), and, for a vendor with other services, the
 * way out for one added by mistake. Removing it is confirmed first; the guard then moves on to
 * the next due screen, or the dashboard.
 */
export function CompulsoryScreenNotice({ kind }: { kind: 'auto-response' | 'settings' }) {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const vendor = useSessionVendor();
  const { categories, guardRules } = useConfig();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const toast = useToast();
  const remove = useRemoveService();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const category = holdingService(route?.name, vendor, categories, guardRules);
  if (!category) return null;
  const service = category.label;
  const removable = offers(vendor, category) && (vendor?.category ?? []).length > 1;
  const title = t(kind === 'settings' ? 'compulsory.settings.title' : 'compulsory.autoResponse.title', { service });

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(category.id);
      setConfirming(false);
      void toast.success(t('removeService.done', { service }));
      void navigate(pathOf(GUARD_ROUTES.dashboard), { replace: true });
    } catch (e) {
      setError(problemOf(e)?.detail ?? t('removeService.failed'));
    }
  };

  return (
    <>
      <Alert
        type="info"
        className="compulsory-notice"
        role="region"
        aria-label={title}
        title={<span className="compulsory-notice__title">{title}</span>}
        description={
          <>
            <Typography.Paragraph className="compulsory-notice__text">
              {t(kind === 'settings' ? 'compulsory.settings.body' : 'compulsory.autoResponse.body', { service, serviceName: category.serviceName })}
            </Typography.Paragraph>
            {removable && (
              <Typography.Paragraph className="compulsory-notice__text">
                {t('removeService.offer', { service })}{' '}
                <Button type="link" className="compulsory-notice__button" onClick={() => setConfirming(true)}>
                  {t('removeService.button')}
                </Button>
              </Typography.Paragraph>
            )}
          </>
        }
      />
      <Modal
        open={confirming}
        title={t('removeService.confirmTitle', { service })}
        okText={t('removeService.confirmOk', { service })}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelButtonProps={{ disabled: remove.isPending }}
        onOk={() => void confirm()}
        onCancel={() => !remove.isPending && setConfirming(false)}
      >
        <Typography.Paragraph>{t('removeService.confirmBody', { service })}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} />}
      </Modal>
    </>
  );
}
