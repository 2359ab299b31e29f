import { ArrowUpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { useConfig } from '../../lib/config/config-context';
import { useLayout } from '../../lib/layout/layout-context';

/** The scroll-to-top button (docs/specification.md §2): shown once the page is scrolled past the threshold; scrolls smoothly. */
export function ScrollToTop() {
  const { app } = useConfig();
  const { settings } = useLayout();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const enabled = settings.enableScrollToTop;

  useEffect(() => {
    if (!enabled) return undefined;
    const onScroll = () => setVisible(window.scrollY > app.scrollToTopThresholdPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, app.scrollToTopThresholdPx]);

  if (!enabled || !visible) return null;
  return (
    <Button
      className="scroll-to-top"
      type="primary"
      shape="circle"
      size="large"
      icon={<ArrowUpOutlined />}
      aria-label={t('shell.scrollToTop')}
      title={t('shell.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
