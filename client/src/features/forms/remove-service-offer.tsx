import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
 * vendor offers it, it has other services to keep, and its guard rule currently fires.
 */
function trappingService(
  routeName: string | undefined,
  vendor: VendorRecord | null,
  categories: readonly Category[],
  guardRules: ReturnType<typeof useConfig>['guardRules'],
): Category | null {
  if (!routeName || !vendor || (vendor.category ?? []).length < 2) return null;
  const category = categories.find((c) => c.guardRule?.redirectTo === routeName);
  const rule = category && guardRules.find((r) => r.id === category.guardRule?.id);
  if (!category || !rule) return null;
  const offered = (vendor.category ?? []).some((entry) => Number(entry.vendor_type_id) === category.vendorTypeId);
  return offered && ruleHolds(rule, vendor) ? category : null;
}

/**
 * On a compulsory settings screen (docs/specification.md §4): the way out for a service added by
 * mistake. Removing it is confirmed first; the guard then moves on to the next due screen, or
 * the dashboard.
 */
export function RemoveServiceOffer() {
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
  const category = trappingService(route?.name, vendor, categories, guardRules);
  if (!category) return null;
  const service = category.label;

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
        className="remove-service"
        title={t('removeService.why', { service })}
        description={
          <Typography.Paragraph className="remove-service__text">
            {t('removeService.offer', { service })}{' '}
            <Button type="link" className="remove-service__button" onClick={() => setConfirming(true)}>
              {t('removeService.button')}
            </Button>
          </Typography.Paragraph>
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
