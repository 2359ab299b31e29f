import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState, useTransition } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { ShellPartBoundary } from './shell-part-boundary';

const loadDrawer = () => import('./customizer-drawer');
const CustomizerDrawer = lazy(() => loadDrawer().then(({ CustomizerDrawer: drawer }) => ({ default: drawer })));

/** Starts downloading the drawer before the click: when the pointer or the focus reaches the button. */
function preloadDrawer() {
  void loadDrawer().catch(() => undefined);
}

/**
 * The theme customizer (docs/specification.md §9: on by default): a button that opens the drawer of
 * layout settings. Its button sits where it is placed (the navbar, or the shell's top bar when there
 * is no navbar), never fixed over the content. The drawer (radios, switches, a select) is a chunk of
 * its own that no first screen needs: it downloads when the button is first reached, and opens in a
 * transition, so the button spins if it has not arrived by the click.
 */
export function Customizer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so that it can animate closed.
  const [opened, setOpened] = useState(false);
  const [loading, startOpening] = useTransition();
  const onOpen = () =>
    startOpening(() => {
      setOpened(true);
      setOpen(true);
    });

  return (
    <>
      <Button
        className="customizer__toggle"
        type="text"
        icon={<SettingOutlined />}
        loading={loading}
        aria-label={t('customizer.open')}
        aria-expanded={open}
        onPointerEnter={preloadDrawer}
        onFocus={preloadDrawer}
        onClick={onOpen}
      />
      <ShellPartBoundary part="customizer">
        <Suspense fallback={null}>{opened && <CustomizerDrawer open={open} onClose={() => setOpen(false)} />}</Suspense>
      </ShellPartBoundary>
    </>
  );
}
