import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { NavbarSearch as Search } from './navbar-search';
import { ShellPartBoundary } from './shell-part-boundary';

const NavbarSearch = lazy(() => import('./navbar-search').then(({ NavbarSearch: search }) => ({ default: search })));

/**
 * The navbar's "Go to" search, a chunk of its own (antd's Select, the forms' list and states):
 * nothing on the first screen needs it, so it downloads once the shell has drawn, a skeleton of
 * its size holding its place meanwhile.
 */
export function NavbarSearchSlot(props: ComponentProps<typeof Search>) {
  return (
    <ShellPartBoundary part="search">
      <Suspense
        fallback={
          <div className="navbar-search navbar-search--loading" aria-hidden="true">
            <Skeleton.Input active block />
          </div>
        }
      >
        <NavbarSearch {...props} />
      </Suspense>
    </ShellPartBoundary>
  );
}
