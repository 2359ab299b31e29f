/** "4.6" as five stars, read out as "Rated 4.6 out of 5"; the stars themselves are decoration. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`} className={className ? `star-rating ${className}` : 'star-rating'}>
      <span aria-hidden="true" className="star-rating__on">
        {'★'.repeat(full)}
      </span>
      <span aria-hidden="true" className="star-rating__off">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}
