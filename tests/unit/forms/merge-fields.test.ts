import { describe, expect, it } from 'vitest';
import { fillMergeFields } from '../../../shared/forms/fill-merge-fields';
import { MERGE_TEMPLATE_MESSAGE, MERGE_TEMPLATE_PATTERN } from '../../../shared/forms/merge-fields';
import { unknownMergeFields } from '../../../shared/forms/unknown-merge-fields';

describe('fillMergeFields', () => {
  it('when every field has a value, then each is filled wherever it appears', () => {
    const text =
      'Hi {customer_name}, thanks for considering us for your {category} on {event_date} for {guests} guests in {location}. {customer_name}, we are {business_name}.';
    expect(
      fillMergeFields(text, {
        customer_name: 'Jordan',
        category: 'wedding cake',
        event_date: 'June 12, 2027',
        guests: '120',
        location: 'Austin, TX',
        business_name: 'Crumb & Co',
      }),
    ).toBe('Hi Jordan, thanks for considering us for your wedding cake on June 12, 2027 for 120 guests in Austin, TX. Jordan, we are Crumb & Co.');
  });

  it('when a field has no value, or braces hold something else, then they stay as written', () => {
    expect(fillMergeFields('Hi {customer_name} {name}', {})).toBe('Hi {customer_name} {name}');
  });
});

describe('the merge-template rule', () => {
  it.each(['Hi {customer_name}!', 'No fields at all.', 'Line one\nline {event_date} two', ''])('when the text is %j, then it is accepted', (text) => {
    expect(MERGE_TEMPLATE_PATTERN.test(text)).toBe(true);
  });

  it.each(['Hi {name}', 'From {starting_price}', 'A stray { brace', 'Hi {Customer_Name}', '{{customer_name}}'])(
    'when the text is %j, then it is refused',
    (text) => {
      expect(MERGE_TEMPLATE_PATTERN.test(text)).toBe(false);
    },
  );

  it('when refused, then the message lists the known fields', () => {
    expect(MERGE_TEMPLATE_MESSAGE).toBe(
      'Use only these merge fields: {customer_name}, {event_date}, {category}, {guests}, {location}, {business_name}. Check the spelling and the braces.',
    );
  });
});

describe('unknownMergeFields', () => {
  it('when a text has unknown fields, then each is named once, in order', () => {
    expect(unknownMergeFields('Hi {name}, from {starting_price}; {name} again, {customer_name} is fine')).toEqual(['{name}', '{starting_price}']);
  });
});
