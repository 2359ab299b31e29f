import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import type { ShellPart } from './shell-parts';

/** A part that did not arrive: one small button in its place that reloads the app, named for what it brings back. */
function ReloadPart({ part }: { part: ShellPart }) {
  const { t } = useTranslation();
  const label = t('shell.partFailed', { part: t(`shell.part.${part}`) });
  return (
    <Tooltip title={label}>
      <Button className="shell__part-failed" type="text" icon={<ReloadOutlined />} aria-label={label} onClick={() => window.location.reload()} />
    </Tooltip>
  );
}

interface Props {
  part: ShellPart;
  children: ReactNode;
}

/**
 * Keeps a failure of one of the shell's own lazy parts (the account menu, the search, the overlay
 * menu, the customizer's drawer) to that part: its chunk may be gone after a deploy, or the
 * connection may drop as it downloads. Without it the error reached the route's boundary, and the
 * whole page the vendor was working on gave way to the error screen.
 */
export class ShellPartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`The shell's ${this.props.part} could not be loaded`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ReloadPart part={this.props.part} /> : this.props.children;
  }
}
