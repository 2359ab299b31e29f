import { describe, expect, it } from 'vitest';
import { templateTextFor, templateTextOf } from '../../../shared/marketplace/quote-template-text';

const JAMIE = { name: 'Jamie Lee', eventDate: '2027-06-12', guests: 120, location: 'Austin, TX' };
const SAM = { name: 'sam taylor', eventDate: '2027-09-04', guests: 150, location: 'Dallas, TX' };

describe('templateTextOf', () => {
  it('when a message names the couple, their day, guests and place, then the template keeps merge fields instead', () => {
    const message =
      'Hi Jamie! Jamie Lee, we would love to bake for your 120 guests on Saturday, June 12, 2027 in Austin, TX. JAMIE, tastings are free. See you June 12!';

    expect(templateTextOf(message, JAMIE)).toBe(
      'Hi {customer_name}! {customer_name}, we would love to bake for your {guests} guests on {event_date} in {location}. {customer_name}, tastings are free. See you {event_date}!',
    );
  });

  it('when the name or the number is part of other words or amounts, then they stay as written', () => {
    const message = 'Jamieson Bakery delivers 120 miles out; a $120 deposit holds 1200 servings for 120 people.';

    expect(templateTextOf(message, JAMIE)).toBe('Jamieson Bakery delivers 120 miles out; a $120 deposit holds 1200 servings for {guests} people.');
  });
});

describe('templateTextFor', () => {
  it('when a template is used for another couple, then their name, day, guests and place fill its merge fields', () => {
    const template = templateTextOf('Hi Jamie, for 120 guests on June 12, 2027 in Austin, TX: $1,800.', JAMIE);

    expect(templateTextFor(template, SAM)).toBe('Hi Sam, for 150 guests on Saturday, September 4, 2027 in Dallas, TX: $1,800.');
    expect(templateTextFor('Thanks from {business_name}, {customer_name}.', SAM)).toBe('Thanks from {business_name}, Sam.');
  });
});
