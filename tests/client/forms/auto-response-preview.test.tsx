import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import bakery from '../../../schemas/categories/bakery.json';
import { renderAutoResponse } from '../../../shared/marketplace/render-auto-response';
import { AutoResponsePreview, SAMPLE_COUPLE, sampleEvent } from '../../../client/src/features/forms/auto-response-preview';

afterEach(cleanup);

const TODAY = new Date(2027, 3, 1);
const cakes = { serviceName: 'wedding cake', priceLine: bakery.autoResponse.priceLine };
const MESSAGE = 'Hi {customer_name}, {business_name} would love to bake your {category} for {guests} guests on {event_date}.';

function preview(data: Record<string, unknown>) {
  return render(<AutoResponsePreview data={data} category={cakes} businessName="Sugar Bloom" today={TODAY} />);
}

describe('<AutoResponsePreview>', () => {
  it('when a baker gave a price per slice, then the preview is the mail the server sends, word for word: To, Subject and body', () => {
    const data = { enabled: true, message: MESSAGE, starting_price: 6.5 };
    preview(data);

    const sent = renderAutoResponse({ saved: data, category: cakes, businessName: 'Sugar Bloom', couple: SAMPLE_COUPLE, event: sampleEvent(TODAY) });
    expect(sent).not.toBeNull();
    expect(screen.getByTestId('auto-response-preview-to').textContent).toBe(sent?.mail.to);
    expect(screen.getByTestId('auto-response-preview-subject').textContent).toBe('Sugar Bloom wrote to you');
    const body = screen.getByTestId('auto-response-preview-body');
    expect([...body.querySelectorAll('p')].map((p) => p.textContent)).toEqual([sent?.mail.greeting, sent?.mail.lead, sent?.body]);
    expect(body.textContent).toContain('Cakes start at $6.50 a slice.');
    expect(body.textContent).not.toContain('Packages');
  });

  it("when the form's switch was never touched, then it counts as on, as the form shows it", () => {
    preview({ message: MESSAGE });
    expect(screen.getByTestId('auto-response-preview-body').textContent).toContain(
      'Hi Jordan, Sugar Bloom would love to bake your wedding cake for 120 guests on Saturday',
    );
  });

  it('when the auto-response is off, or has no message yet, then no mail is shown and the preview says why', () => {
    preview({ enabled: false, message: MESSAGE });
    expect(screen.queryByTestId('auto-response-preview')).toBeNull();
    expect(screen.getByText('Auto-response is off: new requests get no instant reply.')).toBeTruthy();
    cleanup();

    preview({ enabled: true, message: '' });
    expect(screen.getByText('Write a message to see it here.')).toBeTruthy();
  });

  it('when the sample event is chosen, then it is a Saturday about two months ahead', () => {
    const { date } = sampleEvent(TODAY);
    expect(new Date(`${date}T12:00:00Z`).getUTCDay()).toBe(6);
    expect(date >= '2027-05-31' && date <= '2027-06-06').toBe(true);
  });
});
