import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';

/** The frame of layout `full` around a page (also drawn by the build around the prerendered sign-in card). */
export function FullLayoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="layout-full" data-layout="full">
      <main className="layout-full__content">{children}</main>
    </div>
  );
}

/** Layout `full`: the page alone, without header or sidebar (plain markup: the sign-in page's critical path). */
export function FullLayout() {
  return (
    <FullLayoutFrame>
      <Outlet />
    </FullLayoutFrame>
  );
}
