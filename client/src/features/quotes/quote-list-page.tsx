import { Alert, Button, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { PageFrame } from '../../components/page-frame';
import { loadFailure, PageState } from '../../components/page-state';
import { useConfig } from '../../lib/config/config-context';
import { useLayout } from '../../lib/layout/layout-context';
import { BREAKPOINT_MIN_WIDTH } from '../../lib/layout/layout-settings';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { useSessionVendor } from '../../lib/session/use-session';
import { useQuoteSummary } from './api/get-quote-summary';
import { useQuoteList } from './api/list-quotes';
import { ListEmpty } from './components/list-empty';
import { ListFiltersBar } from './components/list-filters-bar';
import { quoteFields } from './components/quote-fields';
import { QuoteCards } from './components/quote-cards';
import { QuoteTable } from './components/quote-table';
import { isFiltered, listQueryOf, withoutFilters } from './list-filters';
import { QUOTE_LISTS, type QuoteListDefinition } from './quote-lists';
import { useListFilters } from './use-list-filters';
import { useQuotePath } from '../../lib/router/use-quote-path';
import { vendorCategories } from './vendor-categories';
import './quote-lists.css';

/**
 * The six lists of quotes (`/potential-matches`, `/submitted-quotes`, `/accepted-quotes`,
 * `/completed-quotes`, `/rejected-quotes`, `/closed-matches`): one page that reads which list it
 * is from its route.
 */
export default function QuoteListPage() {
  const route = useCurrentRoute();
  const list = route ? QUOTE_LISTS[route.name] : undefined;
  const title = route?.meta.title ?? 'Quotes';
  return (
    <PageFrame title={title} className="quote-list">
      {list ? <QuoteList list={list} title={title} /> : <Alert type="error" showIcon title="This list does not exist." />}
    </PageFrame>
  );
}

function QuoteList({ list, title }: { list: QuoteListDefinition; title: string }) {
  const { categories } = useConfig();
  const vendor = useSessionVendor();
  const offered = useMemo(() => vendorCategories(categories, vendor), [categories, vendor]);
  const offeredIds = useMemo(() => offered.map((category) => category.id), [offered]);
  const [filters, changeFilters] = useListFilters(list.defaultSort, offeredIds);
  const filtered = isFiltered(filters);
  const quotes = useQuoteList(listQueryOf(list, filters));
  const summary = useQuoteSummary({ enabled: useAppAbility().can('read', 'Quote') });
  const quotePath = useQuotePath();
  const phone = useLayout().windowWidth < BREAKPOINT_MIN_WIDTH.md;

  const labels = useMemo(() => new Map(categories.map((category) => [category.id, category.label])), [categories]);
  const categoryLabel = useCallback((id: string) => labels.get(id) ?? id, [labels]);
  const rows = useMemo(() => quotes.data?.pages.flatMap((page) => page.data) ?? [], [quotes.data]);
  // Times are counted from when the answer arrived, so a list left open does not jump as it re-renders.
  const showCategory = offered.length > 1 || rows.some((quote) => quote.category !== offered[0]?.id);
  const fields = quoteFields(list, { now: quotes.dataUpdatedAt, showCategory, categoryLabel, pathOf: quotePath });
  const total = filtered ? undefined : summary.data?.counts[list.status];
  const clear = () => changeFilters(withoutFilters(filters));

  let body;
  if (quotes.isPending || quotes.isError) {
    body = <PageState failure={loadFailure('The list', quotes)} loading skeletonTitle={false} className="quote-list__loading" />;
  } else if (rows.length === 0) {
    body = <ListEmpty list={list} filtered={filtered} onClearFilters={clear} />;
  } else {
    body = (
      <div className={quotes.isPlaceholderData ? 'quote-list__body--stale' : undefined} aria-busy={quotes.isPlaceholderData}>
        {phone ? <QuoteCards quotes={rows} fields={fields} caption={title} /> : <QuoteTable quotes={rows} fields={fields} pathOf={quotePath} />}
        <div className="quote-list__more">
          <Typography.Text type="secondary" aria-live="polite">
            {total !== undefined && total >= rows.length ? `Showing ${rows.length} of ${total}` : `Showing ${rows.length}`}
          </Typography.Text>
          {quotes.isFetchNextPageError && <Typography.Text type="danger">The next page could not be loaded.</Typography.Text>}
          {quotes.hasNextPage && (
            <Button onClick={() => void quotes.fetchNextPage()} loading={quotes.isFetchingNextPage}>
              {quotes.isFetchNextPageError ? 'Try again' : 'Load more'}
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <>
      <Typography.Paragraph type="secondary">{list.intro}</Typography.Paragraph>
      <ListFiltersBar filters={filters} onChange={changeFilters} categories={offered} />
      {body}
    </>
  );
}
