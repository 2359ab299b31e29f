import { describe, expect, it } from 'vitest';
import routesJson from '../../../schemas/routes.json';
import { closedReasonLabel, listRouteOf, QUOTE_LISTS } from '../../../client/src/features/quotes/quote-lists';
import { quoteStatusSchema } from '../../../shared/contracts/marketplace';

describe('QUOTE_LISTS', () => {
  it('when the route table is read, then each list is a route of it, and each status has exactly one list', () => {
    const names = new Set(routesJson.routes.map((route) => route.name));
    for (const name of Object.keys(QUOTE_LISTS)) expect(names.has(name), name).toBe(true);
    expect(
      Object.values(QUOTE_LISTS)
        .map((list) => list.status)
        .sort(),
    ).toEqual([...quoteStatusSchema.options].sort());
  });

  it('when a list is of potential matches, then it shows the new tag and the vendors who got it; a closed list shows why', () => {
    expect(QUOTE_LISTS['potential-matches']).toMatchObject({ showNew: true, showCompetitors: true, showPrice: false });
    expect(QUOTE_LISTS['closed-matches']).toMatchObject({ showClosedReason: true });
  });
});

describe('closedReasonLabel', () => {
  it('when a reason is known, then it reads in the vendor’s words; unknown shows as it is; none is a dash', () => {
    expect(closedReasonLabel('booked-elsewhere')).toBe('Booked with another vendor');
    expect(closedReasonLabel('declined')).toBe('You declined');
    expect(closedReasonLabel('something-new')).toBe('something-new');
    expect(closedReasonLabel(null)).toBe('—');
  });
});

describe('listRouteOf', () => {
  it('when a quote page asks the way back, then each status names its own list', () => {
    expect(['potential', 'submitted', 'accepted', 'completed', 'rejected', 'closed'].map((status) => listRouteOf(status as never))).toEqual([
      'potential-matches',
      'submitted-quotes',
      'accepted-quotes',
      'completed-quotes',
      'rejected-quotes',
      'closed-matches',
    ]);
  });
});
