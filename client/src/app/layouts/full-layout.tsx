import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';

/** Layout `full`: the page alone, without header or sidebar. */
export function FullLayout() {
  return (
    <Layout className="layout-full" data-layout="full">
      <main className="layout-full__content">
        <Outlet />
      </main>
    </Layout>
  );
}
