import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { QuoteListItem } from '../../../../../shared/contracts/marketplace';
import { formatCents } from '../../../lib/format/format-cents';
import { formatDay } from '../../../lib/format/format-day';
import { closedReasonLabel, type QuoteListDefinition } from '../quote-lists';
import { receivedAgo } from '../received-ago';

/** What the fields need besides the quote: when the rows were read, the categories' labels, the quotes' pages. */
export interface FieldContext {
  now: number;
  /** Whether the category is worth a column: the vendor offers several, or the rows span several. */
  showCategory: boolean;
  categoryLabel: (id: string) => string;
  pathOf: (quote: QuoteListItem) => string | null;
}

/** One fact of a quote: a column of the table, a line of a phone's card. */
export interface QuoteField {
  key: string;
  title: string;
  render: (quote: QuoteListItem) => ReactNode;
}

const guests = new Intl.NumberFormat('en-US');

/** The customer's name, linking to the quote's page, with a "New" tag on a match not opened yet. */
export function CustomerName({ quote, path, showNew }: { quote: QuoteListItem; path: string | null; showNew: boolean }) {
  return (
    <span className="quote-customer">
      {path ? <Link to={path}>{quote.customer.name}</Link> : quote.customer.name}
      {showNew && !quote.opened && (
        <Tag color="blue" className="quote-customer__new">
          New
        </Tag>
      )}
    </span>
  );
}

/** The facts a list shows, in order; the customer first. */
export function quoteFields(list: QuoteListDefinition, context: FieldContext): QuoteField[] {
  const fields: (QuoteField | false)[] = [
    { key: 'customer', title: 'Customer', render: (quote) => <CustomerName quote={quote} path={context.pathOf(quote)} showNew={list.showNew} /> },
    { key: 'eventDate', title: 'Event date', render: (quote) => formatDay(quote.eventDate) },
    context.showCategory && { key: 'category', title: 'Category', render: (quote) => context.categoryLabel(quote.category) },
    { key: 'location', title: 'Location', render: (quote) => quote.location },
    { key: 'guests', title: 'Guests', render: (quote) => guests.format(quote.guests) },
    { key: 'budget', title: 'Budget', render: (quote) => (quote.budgetCents === null ? 'Not given' : formatCents(quote.budgetCents)) },
    list.showPrice && { key: 'price', title: 'Your price', render: (quote) => (quote.priceCents === null ? '—' : formatCents(quote.priceCents)) },
    list.showCompetitors && {
      key: 'competitors',
      title: 'Sent to',
      render: (quote) => (quote.competitors === 1 ? 'Only you' : `${quote.competitors} vendors`),
    },
    list.showClosedReason && { key: 'closedReason', title: 'Why it closed', render: (quote) => closedReasonLabel(quote.closedReason) },
    { key: 'received', title: 'Received', render: (quote) => receivedAgo(quote.createdAt, context.now) },
  ];
  return fields.filter((field): field is QuoteField => field !== false);
}
