import { Outlet } from 'react-router-dom';

/** Layout `full`: the page alone, without header or sidebar (plain markup: the sign-in page's critical path). */
export function FullLayout() {
  return (
    <div className="layout-full" data-layout="full">
      <main className="layout-full__content">
        <Outlet />
      </main>
    </div>
  );
}
