import type { ErrorSchema } from '@rjsf/utils';
import { Alert, Form, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CreateRequestBody } from '../../../../shared/contracts/marketplace';
import { useConfig } from '../../lib/config/config-context';
import { toErrorSchema } from '../../lib/forms/error-schema';
import { problemOf } from '../../lib/forms/server-errors';
import { usePublicVendor } from '../../lib/public-vendors/get-public-vendor';
import { usePathOf } from '../../lib/router/use-path-of';
import { useCreateQuoteRequest } from './api/create-quote-request';
import { useCoverage } from './api/get-coverage';
import { CategoryStep } from './components/category-step';
import { ContactStep, type ContactValues } from './components/contact-step';
import { CoverageNotice } from './components/coverage-notice';
import { CustomerPageFrame } from './components/customer-page-frame';
import { DetailsStep } from './components/details-step';
import { EventStep } from './components/event-step';
import { RequestSent } from './components/request-sent';
import { eventBodyOf, type EventValues } from './event-values';
import { firstStepWithErrors, placeRequestErrors, REQUEST_STEPS, type RequestStep } from './request-errors';

type Data = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/request-quotes` (public, full page, phone first): the customer picks a category, answers that
 * category's questions (its request form from config), says when, where, for how many guests and
 * for what budget, and how to reach them; the request is posted and waits for the mailed link.
 * One step at a time; every step stays mounted, so going back keeps what was typed. With
 * `?category=<id>&vendor=<vendor id>` (a vendor's public profile; `vendorId=` too, as first
 * linked) the request goes to that vendor only, named on the page, and the category is already
 * chosen. Otherwise the form says, before sending, how many vendors serve the category and place.
 */
export default function RequestQuotesPage() {
  const { categories } = useConfig();
  const [params, setParams] = useSearchParams();
  const pathOf = usePathOf();
  const askedVendor = params.get('vendor') ?? params.get('vendorId') ?? '';
  const vendorId = UUID.test(askedVendor) ? askedVendor : undefined;
  const given = categories.find((c) => c.id === params.get('category'))?.id ?? null;
  const direct = vendorId !== undefined;
  const steps: readonly RequestStep[] = direct && given ? REQUEST_STEPS.filter((s) => s !== 'category') : REQUEST_STEPS;

  const [category, setCategory] = useState<string | null>(given);
  const [details, setDetails] = useState<{ category: string; data: Data } | null>(null);
  const [step, setStep] = useState<RequestStep>(steps[0] ?? 'category');
  const [focusKey, setFocusKey] = useState(0);
  const [detailsErrors, setDetailsErrors] = useState<ErrorSchema | undefined>(undefined);
  const [topError, setTopError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; location: string; direct: boolean } | null>(null);
  const [eventForm] = Form.useForm<EventValues>();
  const [contactForm] = Form.useForm<ContactValues>();
  const create = useCreateQuoteRequest();
  const vendorName = usePublicVendor(vendorId ?? '', { enabled: vendorId !== undefined }).data?.name;
  const location = Form.useWatch('location', eventForm) as string | undefined;
  const coverage = useCoverage(category, location, { enabled: !direct });

  const chosen = categories.find((c) => c.id === category) ?? null;
  const detailsData = details && details.category === category ? details.data : undefined;
  const index = steps.indexOf(step);
  const progress = (s: RequestStep) => `Step ${steps.indexOf(s) + 1} of ${steps.length}`;

  const goTo = (next: RequestStep) => {
    setStep(next);
    setFocusKey((key) => key + 1);
  };
  const back = index > 0 ? () => goTo(steps[index - 1] ?? step) : undefined;
  const forward = () => goTo(steps[index + 1] ?? step);

  const onSubmit = async () => {
    if (!chosen) return goTo('category');
    setTopError(null);
    const event = eventForm.getFieldsValue(true) as EventValues;
    const { customer } = contactForm.getFieldsValue(true) as ContactValues;
    const phone = customer.phone?.trim();
    const body: CreateRequestBody = {
      category: chosen.id,
      ...eventBodyOf(event),
      details: detailsData ?? {},
      customer: { name: customer.name.trim(), email: customer.email.trim(), ...(phone ? { phone } : {}) },
      ...(vendorId ? { vendorId } : {}),
    };
    try {
      await create.mutateAsync(body);
      setSent({ email: body.customer.email, location: body.location, direct });
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) {
        setTopError('We could not reach the server. Check your connection and try again.');
        return;
      }
      const placed = placeRequestErrors(problem.errors ?? []);
      setDetailsErrors(placed.details.length > 0 ? toErrorSchema(placed.details.map((e) => ({ path: e.name.join('.'), message: e.message }))) : undefined);
      eventForm.setFields(placed.event.map((e) => ({ name: e.name as never, errors: [e.message] })));
      contactForm.setFields(placed.contact.map((e) => ({ name: e.name as never, errors: [e.message] })));
      setTopError(problem.detail ?? problem.title);
      const first = firstStepWithErrors(placed);
      if (first && steps.includes(first)) goTo(first);
    }
  };

  const onAnother = () => {
    setSent(null);
    setCategory(null);
    setDetails(null);
    setDetailsErrors(undefined);
    if (direct) setParams({});
    setStep('category');
    setFocusKey((key) => key + 1);
  };

  return (
    <CustomerPageFrame>
      {sent && (
        <RequestSent
          email={sent.email}
          vendorKind={(chosen?.label ?? 'matching').toLowerCase()}
          location={sent.location}
          direct={sent.direct}
          onAnother={onAnother}
        />
      )}
      {/* Hidden, not unmounted, while the confirmation shows: asking again keeps the event and the contact. */}
      <div hidden={sent !== null}>
        <Typography.Title level={1} className="customer-page__title">
          {direct ? `Request a quote from ${vendorName ?? 'this vendor'}` : 'Get quotes'}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="customer-page__lead">
          {direct
            ? 'Tell the vendor about your event. Asking is free and commits you to nothing.'
            : 'Tell us what you need once; vendors near you who are free on your date send you quotes. Asking is free and commits you to nothing.'}{' '}
          <Link to={pathOf('vendors')}>Browse vendors</Link>
        </Typography.Paragraph>
        {direct && vendorName && <Alert type="info" showIcon title={`Your request goes to ${vendorName} only`} className="customer-page__alert" />}
        {topError && <Alert type="error" showIcon title={topError} role="alert" className="customer-page__alert" />}
        {steps.includes('category') && (
          <CategoryStep
            categories={categories}
            value={category}
            progress={progress('category')}
            focusKey={focusKey}
            active={step === 'category'}
            onChange={(next) => {
              setCategory(next);
              setDetailsErrors(undefined);
            }}
            onContinue={forward}
          />
        )}
        {chosen && (
          <DetailsStep
            key={chosen.id}
            category={chosen.id}
            active={step === 'details'}
            focusKey={focusKey}
            progress={progress('details')}
            data={detailsData}
            serverErrors={detailsErrors}
            onChange={(data) => setDetails({ category: chosen.id, data })}
            onBack={back}
            onContinue={(data) => {
              setDetails({ category: chosen.id, data });
              setDetailsErrors(undefined);
              forward();
            }}
          />
        )}
        <EventStep
          form={eventForm}
          active={step === 'event'}
          focusKey={focusKey}
          progress={progress('event')}
          onBack={() => goTo('details')}
          onContinue={forward}
          placeNotice={<CoverageNotice coverage={coverage} categoryLabel={chosen?.label} />}
        />
        <ContactStep
          form={contactForm}
          active={step === 'contact'}
          focusKey={focusKey}
          progress={progress('contact')}
          sending={create.isPending}
          onBack={() => goTo('event')}
          onSubmit={() => void onSubmit()}
          notice={
            direct && vendorName ? (
              <Typography.Paragraph strong>{`Your request goes to ${vendorName} only.`}</Typography.Paragraph>
            ) : (
              <CoverageNotice coverage={coverage} categoryLabel={chosen?.label} />
            )
          }
        />
      </div>
    </CustomerPageFrame>
  );
}
