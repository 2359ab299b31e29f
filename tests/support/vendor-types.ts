/** The vendor type of every category in `schemas/categories` (`vendorTypeId`; docs/operators.md). */
export const VENDOR_TYPE = {
  bakery: 1,
  catering: 2,
  'bartending-beverage': 3,
  music: 4,
  makeup: 5,
  florist: 6,
  photography: 7,
  officiant: 8,
  printing: 9,
  rentals: 10,
  venue: 11,
  transportation: 12,
  'wedding-planner': 13,
  'specialty-vendors': 14,
} as const;

/** A category by its id in `schemas/categories`, or the vendor type of one an operator added at run time. */
export type Category = keyof typeof VENDOR_TYPE | number;

/** The vendor type ids of onboarding's `vendor_type_ids` for these categories, in their order. */
export function vendorTypeIds(category: Category | Category[]): number[] {
  return (Array.isArray(category) ? category : [category]).map((one) => (typeof one === 'number' ? one : VENDOR_TYPE[one]));
}
