import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Alert, Button, Card, Form, Input, Modal, Typography, type InputRef } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import type { FieldError } from '../../../../../shared/contracts/problem';
import type { QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { createActionKey } from '../../../lib/api/action-key';
import { useConfig } from '../../../lib/config/config-context';
import { useFormDefinition } from '../../../lib/forms/api/get-form-definition';
import { useSavedForm } from '../../../lib/forms/api/get-saved-form';
import { useFormValidator } from '../../../lib/forms/api/load-form-validator';
import { toErrorSchema } from '../../../lib/forms/error-schema';
import { SchemaForm } from '../../../lib/forms/schema-form';
import { loadFailure, PageState } from '../../../components/page-state';
import { problemOf } from '../../../lib/forms/server-errors';
import { usePathOf } from '../../../lib/router/use-path-of';
import { useToast } from '../../../lib/toast/toast';
import type { SubmitQuoteBody } from '../api/submit-quote';
import { useSubmitQuote } from '../api/submit-quote';
import { costLine, creditCount, isShort } from '../quote-detail-cost';
import { messageError, placeSubmitErrors, priceCentsOf } from '../quote-detail-draft';
import { fromTemplate, quoteStartOf, withFieldHelp, type QuoteStart } from '../quote-detail-prefill';
import { QuoteDetailDecline } from './quote-detail-decline';
import { QuoteTemplatePicker, SaveAsTemplate, type TemplateContent } from './quote-templates';

type Data = Record<string, unknown>;

/** Where to get credits: the purchase page for those who may buy them, a word to the owner for the others. */
export interface CreditsHelp {
  buyPath: string | null;
}

interface QuoteDetailFormProps {
  quote: QuoteDetail;
  balance: number | undefined;
  credits: CreditsHelp;
  /** A 409: the quote changed meanwhile (it is read again); the page says so above whatever it shows now. */
  onChanged(detail: string): void;
}

function BuyCredits({ credits }: { credits: CreditsHelp }) {
  return credits.buyPath ? <Link to={credits.buyPath}>Buy more credits</Link> : <span>Ask the account owner to buy more credits.</span>;
}

/**
 * A potential match's answer: the cost and the balance, the category's quote form with the price
 * and a message (checked in the browser as the server checks them, the server's errors put back
 * on their fields), Send (confirmed with its cost; 402 and 409 said plainly) and Decline. The form
 * starts from the vendor's settings where the category maps them (README: Marketplace, Quote
 * prefill), or from a template the vendor chooses; what the vendor types is never replaced but by
 * a template they choose.
 */
export function QuoteDetailForm({ quote, balance, credits, onChanged }: QuoteDetailFormProps) {
  const formId = `quote-${quote.category}`;
  const definition = useFormDefinition(formId);
  const validator = useFormValidator(definition.data);
  const { categories } = useConfig();
  const pathOf = usePathOf();
  const ability = useAppAbility();
  const category = categories.find((c) => c.id === quote.category);
  const settingsFormId = category?.quotePrefill ? category.forms.settings : undefined;
  const readsSettings = settingsFormId !== undefined && ability.can('read', 'Form');
  const settings = useSavedForm(settingsFormId ?? '', { enabled: readsSettings });
  const submit = useSubmitQuote(quote.id);
  const toast = useToast();
  const actionKey = useRef(createActionKey()).current;
  const priceInput = useRef<InputRef>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);

  const [details, setDetails] = useState<Data>({});
  const [priceText, setPriceText] = useState('');
  const [messageText, setMessageText] = useState('');
  // The form's start, taken once when the settings have answered (or failed: it then starts blank);
  // a later answer never replaces what the form holds.
  const [start, setStart] = useState<QuoteStart | null>(null);
  const [template, setTemplate] = useState<QuoteTemplate | null>(null);
  if (start === null && (!readsSettings || !settings.isPending)) {
    const next = quoteStartOf(category?.quotePrefill, readsSettings ? (settings.data?.data ?? null) : null, quote);
    setStart(next);
    setDetails(next.details);
    setPriceText(next.priceText);
  }
  const [errors, setErrors] = useState<{ price?: string | undefined; message?: string | undefined }>({});
  const [detailErrors, setDetailErrors] = useState<ErrorSchema | undefined>(undefined);
  const [failure, setFailure] = useState<ReactNode>(null);
  const [ready, setReady] = useState<SubmitQuoteBody | null>(null);
  const [confirming, setConfirming] = useState(false);

  const cost = creditCount(quote.leadCost);
  const short = isShort(quote.leadCost, balance);

  /** The price and message checked; their errors shown; the body when both are right. */
  const checkOwnFields = (): { priceCents: number; message: string } | null => {
    const price = priceCentsOf(priceText);
    const message = messageError(messageText);
    setErrors({ price: price.error, message: message ?? undefined });
    if (price.cents === undefined || message) return null;
    return { priceCents: price.cents, message: messageText.trim() };
  };

  const onFormSubmit = (data: Data) => {
    const own = checkOwnFields();
    if (!own) {
      // The quote form's fields passed; the first wrong field is one of ours.
      if (priceCentsOf(priceText).error) priceInput.current?.focus();
      else messageInput.current?.focus();
      return;
    }
    setFailure(null);
    setReady({ ...own, details: data });
    setConfirming(true);
  };

  /** The form as a template keeps it; what to fix when the price or the message is wrong (the field says so too). */
  const templateContent = (): TemplateContent | string => {
    const content: TemplateContent = { details };
    if (priceText.trim() !== '') {
      const price = priceCentsOf(priceText);
      if (price.cents === undefined) {
        setErrors((current) => ({ ...current, price: price.error }));
        return `Check your price first: ${price.error}.`;
      }
      content.priceCents = price.cents;
    }
    if (messageText.trim() !== '') {
      const wrong = messageError(messageText);
      if (wrong) {
        setErrors((current) => ({ ...current, message: wrong }));
        return `Check your message first: ${wrong}.`;
      }
      content.message = messageText.trim();
    }
    return content;
  };

  const placeFieldErrors = (fieldErrors: FieldError[]) => {
    const placed = placeSubmitErrors(fieldErrors);
    setErrors({ price: placed.price, message: placed.message });
    setDetailErrors(placed.details.length > 0 ? toErrorSchema(placed.details) : undefined);
  };

  const chooseTemplate = (chosen: QuoteTemplate) => {
    const next = fromTemplate(chosen, { priceText, messageText });
    setTemplate(chosen);
    setDetails(next.details);
    setPriceText(next.priceText);
    setMessageText(next.messageText);
    setErrors({});
    setDetailErrors(undefined);
    setFailure(null);
  };

  const send = async () => {
    if (!ready) return;
    try {
      const answer = await submit.mutateAsync({ body: ready, idempotencyKey: actionKey.keyFor(ready) });
      actionKey.settle();
      setConfirming(false);
      void toast.success(`Quote sent to ${quote.customer.name}. ${cost} spent; you have ${String(answer.credits.balance)} left.`);
    } catch (error) {
      actionKey.settle(error);
      setConfirming(false);
      const problem = problemOf(error);
      if (problem?.status === 400 && problem.errors?.length) {
        const placed = placeSubmitErrors(problem.errors);
        setErrors({ price: placed.price, message: placed.message });
        setDetailErrors(placed.details.length > 0 ? toErrorSchema(placed.details) : undefined);
        setFailure(
          placed.unplaced.length > 0 || (!placed.price && !placed.message && placed.details.length === 0)
            ? (problem.detail ?? problem.title)
            : 'Some fields need your attention.',
        );
      } else if (problem?.status === 402) {
        setFailure(
          <>
            {problem.detail ?? `Quoting this request takes ${cost}.`} <BuyCredits credits={credits} />
          </>,
        );
      } else if (problem?.status === 409) {
        // The quote is read again (every quote read is, after a submit): the page shows it as it is now.
        onChanged(problem.detail ?? 'This request changed meanwhile.');
      } else if (problem?.status === 404) {
        setFailure('This request is no longer yours to quote. Reload the page.');
      } else {
        setFailure(problem?.detail ?? 'Your quote could not be sent. Check your connection and try again: nothing is spent twice.');
      }
    }
  };

  const templateCategory = category ? { id: category.id, label: category.label } : null;
  const settingsPath = category?.routes.settings ? pathOf(category.routes.settings) : null;
  const priceHelp = !template && start?.priceHelp && priceText === start.priceText ? ` ${start.priceHelp}` : '';
  let form;
  const failed = definition.error ?? validator.error;
  if (failed || !definition.data || !validator.data || !start) {
    form = <PageState failure={loadFailure('The quote form', definition.isError ? definition : validator)} loading />;
  } else {
    form = (
      <SchemaForm
        id={formId}
        schema={definition.data.schema as RJSFSchema}
        uiSchema={withFieldHelp(definition.data.uiSchema as UiSchema<Data>, template ? {} : start.fieldHelp)}
        validator={validator.data}
        formData={details}
        extraErrors={detailErrors}
        disabled={submit.isPending}
        submitLabel="Send quote"
        onChange={(next) => {
          setDetails(next);
          setDetailErrors(undefined);
        }}
        onSubmit={onFormSubmit}
      >
        <Form.Item
          label="Your price (USD)"
          htmlFor="quote-price"
          required
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
          validateStatus={errors.price ? 'error' : undefined}
          help={errors.price ? <span id="quote-price-error">{errors.price}</span> : undefined}
          extra={`The total for everything in this quote.${priceHelp}`}
        >
          <Input
            id="quote-price"
            ref={priceInput}
            value={priceText}
            inputMode="decimal"
            autoComplete="off"
            prefix={<span aria-hidden="true">$</span>}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? 'quote-price-error' : undefined}
            disabled={submit.isPending}
            onChange={(event) => {
              setPriceText(event.target.value);
              if (errors.price) setErrors((current) => ({ ...current, price: priceCentsOf(event.target.value).error }));
            }}
          />
        </Form.Item>
        <Form.Item
          label="Message to the couple"
          htmlFor="quote-message"
          required
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
          validateStatus={errors.message ? 'error' : undefined}
          help={errors.message ? <span id="quote-message-error">{errors.message}</span> : undefined}
        >
          <Input.TextArea
            id="quote-message"
            ref={(node) => {
              messageInput.current = node?.resizableTextArea?.textArea ?? null;
            }}
            dir="auto"
            rows={5}
            maxLength={4000}
            showCount
            value={messageText}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'quote-message-error' : undefined}
            disabled={submit.isPending}
            onChange={(event) => {
              setMessageText(event.target.value);
              if (errors.message) setErrors((current) => ({ ...current, message: messageError(event.target.value) ?? undefined }));
            }}
          />
        </Form.Item>
        {failure && <Alert type="error" showIcon role="alert" className="quote-detail__notice" title={failure} />}
        <div className="quote-detail__actions">
          <Button type="primary" size="large" htmlType="submit" loading={submit.isPending} onClick={() => checkOwnFields()}>
            Send quote
          </Button>
          {templateCategory && ability.can('update', 'Quote') && (
            <SaveAsTemplate category={templateCategory} content={templateContent} onFieldErrors={placeFieldErrors} disabled={submit.isPending} />
          )}
          <QuoteDetailDecline quote={quote} disabled={submit.isPending} onChanged={onChanged} />
        </div>
      </SchemaForm>
    );
  }

  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">Your quote</h3>}>
      <Alert
        type={short ? 'warning' : 'info'}
        showIcon
        className="quote-detail__notice"
        title={costLine(quote.leadCost, balance)}
        description={
          short ? (
            <>
              You need {cost} to send this quote. <BuyCredits credits={credits} />
            </>
          ) : (
            'Their email and phone show once you send it. Declining is free.'
          )
        }
      />
      {definition.data?.description && <Typography.Paragraph type="secondary">{definition.data.description}</Typography.Paragraph>}
      {templateCategory && start && (
        <QuoteTemplatePicker
          category={templateCategory}
          chosen={template?.id ?? null}
          onChoose={chooseTemplate}
          canEdit={ability.can('update', 'Quote')}
          disabled={submit.isPending}
        />
      )}
      {template ? (
        <Alert
          type="info"
          showIcon
          className="quote-detail__notice"
          title={`Started from your template "${template.name}"`}
          description="Check that it fits this request before you send it."
        />
      ) : (
        start?.fromSettings && (
          <Alert
            type="info"
            showIcon
            className="quote-detail__notice"
            title={<>Filled in from your {settingsPath ? <Link to={settingsPath}>{category?.label} settings</Link> : `${category?.label ?? ''} settings`}</>}
            description="Check that each answer fits this request: what you change here stays with this quote."
          />
        )
      )}
      {form}
      <Modal
        open={confirming}
        title={`Send your quote to ${quote.customer.name}?`}
        okText={`Spend ${cost} and send`}
        okButtonProps={{ loading: submit.isPending }}
        cancelButtonProps={{ disabled: submit.isPending }}
        closable={!submit.isPending}
        maskClosable={!submit.isPending}
        onOk={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph>
          Sending it spends {cost}
          {balance !== undefined ? ` of your ${String(balance)}` : ''}. {quote.customer.name} gets your quote by email, and their email and phone show here.
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
