import { Button } from 'antd';
import { PageState } from '../../../components/page-state';
import { Link } from 'react-router-dom';
import { usePathOf } from '../../../lib/router/use-path-of';
import type { QuoteListDefinition } from '../quote-lists';

/**
 * An empty list says what to do: narrowed by filters, clear them; no matches at all, give
 * couples more reasons to find the business; any other list, where its quotes come from.
 */
export function ListEmpty({ list, filtered, onClearFilters }: { list: QuoteListDefinition; filtered: boolean; onClearFilters: () => void }) {
  const pathOf = usePathOf();
  if (filtered) {
    return (
      <PageState
        empty="No quotes match these filters."
        emptyAction={
          <Button type="primary" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <PageState
      empty={
        <>
          <strong className="quote-empty__title">{list.emptyTitle}</strong>
          <span className="quote-empty__text">{list.emptyText}</span>
        </>
      }
      emptyAction={
        <>
          {list.status === 'potential' && (
            <ul className="quote-empty__tips">
              <li>
                <Link to={pathOf('edit-profile')}>Complete your profile</Link> so couples see your photos, prices and story.
              </li>
              <li>
                <Link to={pathOf('business-details')}>Widen your service radius</Link> to get requests from further away.
              </li>
            </ul>
          )}
          {list.status === 'submitted' && <Link to={pathOf('potential-matches')}>See your potential matches</Link>}
        </>
      }
    />
  );
}
