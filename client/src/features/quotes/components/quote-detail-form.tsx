import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Alert, Button, Card, Form, Input, Typography, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import type { FieldError } from '../../../../../shared/contracts/problem';
import type { QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { useConfig } from '../../../lib/config/config-context';
import { useFormDefinition } from '../../../lib/forms/api/get-form-definition';
import { useSavedForm } from '../../../lib/forms/api/get-saved-form';
import { useFormValidator } from '../../../lib/forms/api/load-form-validator';
import { toErrorSchema } from '../../../lib/forms/error-schema';
import { SchemaForm } from '../../../lib/forms/schema-form';
import { loadFailure, PageState } from '../../../components/page-state';
import { usePathOf } from '../../../lib/router/use-path-of';
import { messageError, placeSubmitErrors, priceCentsOf, type PlacedErrors } from '../quote-detail-draft';
import { templateTextOf } from '../../../../../shared/marketplace/quote-template-text';
import { fromTemplate, quoteStartOf, requestFieldsOf, withFieldHelp, type QuoteStart } from '../quote-detail-prefill';
import { QuoteCostNotice, type CreditsHelp } from './quote-detail-credits';
import { QuoteDetailDecline } from './quote-detail-decline';
import { ConfirmSendQuote, useSendQuote } from './quote-detail-send';
import { QuoteTemplatePicker } from './quote-template-picker';
import { SaveAsTemplate, type TemplateContent } from './save-as-template';

type Data = Record<string, unknown>;

interface QuoteDetailFormProps {
  quote: QuoteDetail;
  balance: number | undefined;
  credits: CreditsHelp;
  /** A 409: the quote changed meanwhile (it is read again); the page says so above whatever it shows now. */
  onChanged(detail: string): void;
}

/** What the template notice says: the fields it changed, by their labels, and that the request's own answers stayed. */
function templateNotice(changed: string[], schema: RJSFSchema | undefined, requestFields: Set<string>): string {
  const labelOf = (field: string) => {
    if (field === 'price') return 'Price';
    if (field === 'message') return 'Message';
    const property = schema?.properties?.[field];
    return typeof property === 'object' && typeof property.title === 'string' ? property.title : field;
  };
  // The price and the message first, then the form's fields in its order.
  const order = ['price', 'message', ...Object.keys(schema?.properties ?? {})];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const listed = [...changed].sort((a, b) => rank(a) - rank(b));
  const kept = requestFields.size > 0 ? ' Answers from the couple’s request stay as they asked.' : '';
  const what = listed.length === 0 ? 'It changed nothing in this quote.' : `It changed: ${listed.map(labelOf).join(', ')}.`;
  return `${what}${kept} Check that it fits this request before you send it.`;
}

/**
 * A potential match's answer: the cost and the balance, the category's quote form with the price
 * and a message (checked in the browser as the server checks them, the server's errors put back
 * on their fields), Send (confirmed with its cost; 402 and 409 said plainly) and Decline. The form
 * starts from the vendor's settings where the category maps them (docs/marketplace.md, Quote
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
  const priceInput = useRef<InputRef>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);

  const [details, setDetails] = useState<Data>({});
  const [priceText, setPriceText] = useState('');
  const [messageText, setMessageText] = useState('');
  // The form's start, taken once when the settings have answered (or failed: it then starts blank);
  // a later answer never replaces what the form holds.
  const [start, setStart] = useState<QuoteStart | null>(null);
  const [template, setTemplate] = useState<QuoteTemplate | null>(null);
  // The fields the chosen template changed ("price", "message", or quote form fields), said under its name.
  const [templateChanged, setTemplateChanged] = useState<string[]>([]);
  const requestFields = requestFieldsOf(category?.quotePrefill);
  const couple = { name: quote.customer.name, eventDate: quote.eventDate, guests: quote.guests, location: quote.location };
  if (start === null && (!readsSettings || !settings.isPending)) {
    const next = quoteStartOf(category?.quotePrefill, readsSettings ? (settings.data?.data ?? null) : null, quote);
    setStart(next);
    setDetails(next.details);
    setPriceText(next.priceText);
  }
  const [errors, setErrors] = useState<{ price?: string | undefined; message?: string | undefined }>({});
  const [detailErrors, setDetailErrors] = useState<ErrorSchema | undefined>(undefined);

  /** The server's field errors, back on their fields (the price, the message, the quote form's). */
  const placeFieldErrors = (fieldErrors: FieldError[]): PlacedErrors => {
    const placed = placeSubmitErrors(fieldErrors);
    setErrors({ price: placed.price, message: placed.message });
    setDetailErrors(placed.details.length > 0 ? toErrorSchema(placed.details) : undefined);
    return placed;
  };
  const sender = useSendQuote(quote, { credits, onChanged, onFieldErrors: placeFieldErrors });

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
    sender.confirm({ ...own, details: data });
  };

  /**
   * The form as a template keeps it, the message with what it says of this couple as merge fields
   * (the server leaves out the answers taken from their request, once it has checked the form);
   * what to fix when the price or the message is wrong (the field says so too).
   */
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
      content.message = templateTextOf(messageText.trim(), couple);
    }
    return content;
  };

  const chooseTemplate = (chosen: QuoteTemplate) => {
    const next = fromTemplate(chosen, { details, priceText, messageText }, { fields: requestFields, couple, category: category?.serviceName });
    setTemplate(chosen);
    setTemplateChanged(next.changed);
    setDetails(next.details);
    setPriceText(next.priceText);
    setMessageText(next.messageText);
    setErrors({});
    setDetailErrors(undefined);
    sender.clearFailure();
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
        disabled={sender.sending}
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
            disabled={sender.sending}
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
            disabled={sender.sending}
            onChange={(event) => {
              setMessageText(event.target.value);
              if (errors.message) setErrors((current) => ({ ...current, message: messageError(event.target.value) ?? undefined }));
            }}
          />
        </Form.Item>
        {sender.failure && <Alert type="error" showIcon role="alert" className="quote-detail__notice" title={sender.failure} />}
        <div className="quote-detail__actions">
          <Button type="primary" size="large" htmlType="submit" loading={sender.sending} onClick={() => checkOwnFields()}>
            Send quote
          </Button>
          {templateCategory && ability.can('update', 'Quote') && (
            <SaveAsTemplate category={templateCategory} content={templateContent} onFieldErrors={placeFieldErrors} disabled={sender.sending} />
          )}
          <QuoteDetailDecline quote={quote} disabled={sender.sending} onChanged={onChanged} />
        </div>
      </SchemaForm>
    );
  }

  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">Your quote</h3>}>
      <QuoteCostNotice quote={quote} balance={balance} credits={credits} />
      {definition.data?.description && <Typography.Paragraph type="secondary">{definition.data.description}</Typography.Paragraph>}
      {templateCategory && start && (
        <QuoteTemplatePicker
          category={templateCategory}
          chosen={template?.id ?? null}
          onChoose={chooseTemplate}
          canEdit={ability.can('update', 'Quote')}
          disabled={sender.sending}
        />
      )}
      {template ? (
        <Alert
          type="info"
          showIcon
          className="quote-detail__notice"
          title={`Started from your template "${template.name}"`}
          description={templateNotice(templateChanged, definition.data?.schema as RJSFSchema | undefined, requestFields)}
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
      <ConfirmSendQuote quote={quote} balance={balance} sender={sender} />
    </Card>
  );
}
