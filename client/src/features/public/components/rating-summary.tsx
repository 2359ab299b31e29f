import type { PublicVendor } from '../../../../../shared/contracts/public-vendors';
import { reviewCount } from '../public-text';
import { StarRating } from './star-rating';

const STARS = [5, 4, 3, 2, 1] as const;

/** The average, the number of reviews and how many gave each number of stars, as bars. */
export function RatingSummary({ rating }: { rating: PublicVendor['rating'] }) {
  const { average, count, distribution } = rating;
  return (
    <div className="rating-summary">
      <div className="rating-summary__average">
        <span className="rating-summary__number">{average === null ? '–' : average.toFixed(1)}</span>
        {average !== null && <StarRating value={average} />}
        <span className="rating-summary__count">{reviewCount(count)}</span>
      </div>
      <ul className="rating-summary__bars" aria-label="Reviews by stars">
        {STARS.map((stars) => {
          const n = distribution[stars];
          const share = count > 0 ? Math.round((n / count) * 100) : 0;
          return (
            <li key={stars} className="rating-summary__bar-row">
              <span className="rating-summary__bar-label">{`${stars} star${stars === 1 ? '' : 's'}`}</span>
              <span className="rating-summary__bar" aria-hidden="true">
                <span className="rating-summary__bar-fill" style={{ width: `${share}%` }} />
              </span>
              <span className="rating-summary__bar-count">
                {n}
                <span className="visually-hidden">{n === 1 ? ' review' : ' reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
