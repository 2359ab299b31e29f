import { Button, Card, Table, Tag, Typography } from 'antd';
import { Link, generatePath } from 'react-router-dom';
import type { Invoice } from '../../../../../shared/contracts/billing';
import { useConfig } from '../../../lib/config/config-context';
import { useInvoices } from '../api/list-invoices';
import { formatDate } from '../billing-dates';
import { money } from '../billing-money';
import { INVOICE_STATUS } from '../billing-labels';
import { PageState } from '../../../components/page-state';
import { billingLoadFailure } from '../billing-problem';

/** The path of an invoice's printable receipt. */
export function useReceiptPath(): (id: string) => string {
  const { table } = useConfig();
  const path = table.byName('billing-receipt')?.path ?? '/billing/receipts/:id';
  return (id) => generatePath(path, { id });
}

/** The invoices, newest first, with their state and a link to each receipt; Load more for older ones. */
export function InvoicesCard() {
  const invoices = useInvoices();
  const receiptPath = useReceiptPath();
  const rows = invoices.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="invoices-title">
      <Card
        className="billing__card"
        title={
          <h3 id="invoices-title" className="billing__card-title">
            Invoices
          </h3>
        }
      >
        <PageState
          failure={invoices.data ? null : billingLoadFailure('Your invoices', invoices)}
          loading={!invoices.data}
          rows={3}
          skeletonTitle={false}
          empty={rows.length === 0 ? 'No invoices yet. They show here once you pay for a plan or credits.' : null}
        >
          <Table<Invoice>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={rows}
            className="billing__table"
            columns={[
              { key: 'date', title: 'Date', render: (_, invoice) => formatDate(invoice.createdAt), responsive: ['sm'] },
              {
                key: 'description',
                title: 'Invoice',
                render: (_, invoice) => (
                  <>
                    <Link to={receiptPath(invoice.id)} aria-label={`Receipt: ${invoice.description}, ${formatDate(invoice.createdAt)}`}>
                      {invoice.description}
                    </Link>
                    <span className="billing__phone-only">
                      <br />
                      <Typography.Text type="secondary">{formatDate(invoice.createdAt)}</Typography.Text>
                    </span>
                  </>
                ),
              },
              { key: 'amount', title: 'Amount', align: 'end', render: (_, invoice) => money(invoice.amountCents, invoice.currency) },
              {
                key: 'status',
                title: 'Status',
                render: (_, invoice) => <Tag color={INVOICE_STATUS[invoice.status].color}>{INVOICE_STATUS[invoice.status].label}</Tag>,
              },
            ]}
          />
          <div className="billing__more">
            {invoices.isFetchNextPageError && <Typography.Text type="danger">The next invoices could not be loaded.</Typography.Text>}
            {invoices.hasNextPage && (
              <Button onClick={() => void invoices.fetchNextPage()} loading={invoices.isFetchingNextPage}>
                {invoices.isFetchNextPageError ? 'Try again' : 'Load more invoices'}
              </Button>
            )}
          </div>
        </PageState>
      </Card>
    </section>
  );
}
