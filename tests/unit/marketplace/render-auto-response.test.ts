import { describe, expect, it } from 'vitest';
import bakery from '../../../schemas/categories/bakery.json';
import template from '../../../schemas/templates/auto-response.json';
import { renderAutoResponse, type AutoResponseInput } from '../../../shared/marketplace/render-auto-response';

const cakes = { serviceName: 'wedding cake', priceLine: bakery.autoResponse.priceLine };

/** A bakery's auto-response to Jordan Avery's request for 120 guests in Austin on Saturday, June 5, 2027. */
function input(saved: AutoResponseInput['saved'], category: AutoResponseInput['category'] = cakes): AutoResponseInput {
  return {
    saved,
    category,
    businessName: 'Sugar Bloom',
    couple: { name: 'jordan avery', email: 'jordan@example.com' },
    event: { date: '2027-06-05', guests: 120, location: 'Austin, TX' },
  };
}

const MESSAGE = 'Hi {customer_name}, {business_name} would love to bake your {category} for {guests} guests in {location} on {event_date}.';

describe('renderAutoResponse', () => {
  it('when a bakery priced a slice, then the merge fields are filled and the price line says a slice, not a package', () => {
    const response = renderAutoResponse(input({ enabled: true, message: MESSAGE, starting_price: 6.5 }));

    expect(response?.body).toBe(
      'Hi Jordan, Sugar Bloom would love to bake your wedding cake for 120 guests in Austin, TX on Saturday, June 5, 2027.\n\nCakes start at $6.50 a slice.',
    );
    expect(response?.body).not.toContain('Packages');
  });

  it('when a price is whole dollars, then it shows no cents; with cents, always two digits', () => {
    const line = (price: number) => renderAutoResponse(input({ enabled: true, message: MESSAGE, starting_price: price }))?.body.split('\n\n')[1];
    expect(line(6)).toBe('Cakes start at $6 a slice.');
    expect(line(7.5)).toBe('Cakes start at $7.50 a slice.');
    expect(line(0.1 + 0.2)).toBe('Cakes start at $0.30 a slice.');
  });

  it("when a category words no line of its own, then the template's reads, with thousands separated", () => {
    const category = { serviceName: 'wedding photos', priceLine: template.priceLine };
    expect(renderAutoResponse(input({ enabled: true, message: MESSAGE, starting_price: 3500 }, category))?.body).toMatch(/\n\nPackages start at \$3,500\.$/);
  });

  it('when no starting price was given, then the message stands alone', () => {
    expect(renderAutoResponse(input({ enabled: true, message: 'Thank you, {customer_name}!' }))?.body).toBe('Thank you, Jordan!');
  });

  it('when the price line has characters a replacement would read as patterns, then they are written as they are', () => {
    const category = { serviceName: 'cake', priceLine: 'Cakes start at {price} ($$ and $& stay).' };
    expect(renderAutoResponse(input({ enabled: true, message: 'Hi there, friends!', starting_price: 5 }, category))?.body).toBe(
      'Hi there, friends!\n\nCakes start at $5 ($$ and $& stay).',
    );
  });

  it('when it is rendered, then the mail goes to the couple from the business, greeting them by first name, with the message as its body', () => {
    const response = renderAutoResponse(input({ enabled: true, message: MESSAGE, starting_price: 6.5 }));

    expect(response?.mail).toEqual({
      to: 'jordan@example.com',
      subject: 'Sugar Bloom wrote to you',
      greeting: 'Hi Jordan,',
      lead: 'Sugar Bloom wrote:',
      body: response?.body,
      action: 'Reply',
    });
  });

  it.each([
    ['never saved', null],
    ['turned off', { enabled: false, message: MESSAGE }],
    ['without a message', { enabled: true, message: '   ' }],
    ['with a message that is not text', { enabled: true, message: 42 }],
  ])('when the auto-response is %s, then there is nothing to send', (_, saved) => {
    expect(renderAutoResponse(input(saved))).toBeNull();
  });
});
