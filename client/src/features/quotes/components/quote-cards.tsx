import { Card } from 'antd';
import type { QuoteListItem } from '../../../../../shared/contracts/marketplace';
import type { QuoteField } from './quote-fields';

/** The list on a phone: a card per quote, the customer's name (the link) as its title, the other facts below. */
export function QuoteCards({ quotes, fields, caption }: { quotes: QuoteListItem[]; fields: QuoteField[]; caption: string }) {
  const [title, ...facts] = fields;
  return (
    <ul className="quote-cards" aria-label={caption}>
      {quotes.map((quote) => (
        <li key={quote.id}>
          <Card size="small" className="quote-list-card" title={title?.render(quote)}>
            <dl className="quote-list-card__facts">
              {facts.map((field) => (
                <div key={field.key} className="quote-list-card__fact">
                  <dt>{field.title}</dt>
                  <dd>{field.render(quote)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
