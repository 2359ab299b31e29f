import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { ShellPartBoundary } from './shell-part-boundary';

const UserMenu = lazy(() => import('./user-menu').then(({ UserMenu: menu }) => ({ default: menu })));

/**
 * The navbar's account menu, a chunk of its own (antd's Dropdown and Avatar): nothing on the first
 * screen needs it, so it downloads once the shell has drawn, a skeleton of its button holding its
 * place meanwhile.
 */
export function UserMenuSlot() {
  return (
    <ShellPartBoundary part="accountMenu">
      <Suspense
        fallback={
          <span className="shell__user shell__user--loading" aria-hidden="true">
            <Skeleton.Avatar active size="small" />
            <Skeleton.Input active size="small" className="shell__user-name" />
          </span>
        }
      >
        <UserMenu />
      </Suspense>
    </ShellPartBoundary>
  );
}
