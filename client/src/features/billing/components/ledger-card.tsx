import { Button, Card, Table, Typography } from 'antd';
import { creditBalanceOf, creditEntriesOf, useCredits } from '../../../lib/credits/api/get-credits';
import { formatDate } from '../billing-dates';
import { ledgerReason } from '../billing-labels';
import { withRunningBalance, type LedgerRow } from '../running-balance';
import { PageState } from '../../../components/page-state';
import { billingLoadFailure } from '../billing-problem';

/** "+25" or "−1" (a real minus sign). */
function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${Math.abs(delta)}` : '0';
}

/** Every change of the credits, newest first, with the balance after each; Load more for older ones. */
export function LedgerCard() {
  const ledger = useCredits();
  const rows = withRunningBalance(creditBalanceOf(ledger.data) ?? 0, creditEntriesOf(ledger.data));
  return (
    <section aria-labelledby="ledger-title">
      <Card
        className="billing__card"
        title={
          <h3 id="ledger-title" className="billing__card-title">
            Credit history
          </h3>
        }
      >
        <PageState
          failure={ledger.data ? null : billingLoadFailure('Your credit history', ledger)}
          loading={!ledger.data}
          rows={3}
          skeletonTitle={false}
          empty={rows.length === 0 ? 'No credits have come or gone yet.' : null}
        >
          <Table<LedgerRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={rows}
            className="billing__table ledger"
            columns={[
              { key: 'date', title: 'Date', render: (_, row) => formatDate(row.createdAt) },
              { key: 'what', title: 'What', render: (_, row) => ledgerReason(row) },
              {
                key: 'change',
                title: 'Change',
                align: 'end',
                render: (_, row) => (
                  <span className={row.delta > 0 ? 'ledger__in' : 'ledger__out'}>
                    <span aria-hidden="true">{signed(row.delta)}</span>
                    <span className="visually-hidden">{row.delta >= 0 ? `${row.delta} added` : `${Math.abs(row.delta)} spent`}</span>
                  </span>
                ),
              },
              { key: 'balance', title: 'Balance', align: 'end', render: (_, row) => row.balanceAfter.toLocaleString('en-US') },
            ]}
          />
          <div className="billing__more">
            {ledger.isFetchNextPageError && <Typography.Text type="danger">Older changes could not be loaded.</Typography.Text>}
            {ledger.hasNextPage && (
              <Button onClick={() => void ledger.fetchNextPage()} loading={ledger.isFetchingNextPage}>
                {ledger.isFetchNextPageError ? 'Try again' : 'Load older changes'}
              </Button>
            )}
          </div>
        </PageState>
      </Card>
    </section>
  );
}
