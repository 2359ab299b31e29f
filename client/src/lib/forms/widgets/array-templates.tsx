import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type ObjectFieldTemplateProps, type UiSchema } from '@rjsf/utils';
import { Templates } from '@rjsf/antd';
import { createContext, useContext } from 'react';

/** What an item's card needs from its list: every item's data and how to name one. */
interface ArrayContext {
  items: unknown[];
  noun: string;
  titleField: string | undefined;
}

const ListContext = createContext<ArrayContext | null>(null);
/** True inside an item's card: the item's own object title ("Packages-1") is the card's title instead. */
const InItemCard = createContext(false);

/** "Package" from `ui:options.itemLabel`, else the list's title made singular ("Packages" → "Package"). */
function nounOf(uiSchema: UiSchema | undefined, title: string | undefined): string {
  const label = getUiOptions(uiSchema).itemLabel;
  if (typeof label === 'string' && label) return label;
  const fromTitle = (title ?? '')
    .trim()
    .replace(/ies$/i, 'y')
    .replace(/(?<!s)s$/i, '');
  return fromTitle || 'Item';
}

/** The item's own name: `ui:options.itemTitleField`, else its first filled-in text field. */
function nameOf(item: unknown, field: string | undefined): string | null {
  if (!item || typeof item !== 'object') return typeof item === 'string' && item.trim() ? item.trim() : null;
  const values = item as Record<string, unknown>;
  const candidates = field ? [values[field]] : Object.values(values);
  const text = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return text?.trim() ?? null;
}

/**
 * Lists of objects (a photographer's packages): each item a card titled from its content
 * ("Package 2: Full day") with labelled move and remove buttons, and a labelled add button, full
 * width at every size. Registered once for every form; lists of choices stay checkboxes.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, items, onAddClick, schema, title, uiSchema, formData, rawErrors } = props;
  const noun = nounOf(uiSchema, title || schema.title);
  const titleField = getUiOptions(uiSchema).itemTitleField;
  const heading = getUiOptions(uiSchema).title ?? title ?? schema.title;
  const list: ArrayContext = { items: Array.isArray(formData) ? formData : [], noun, titleField: typeof titleField === 'string' ? titleField : undefined };
  const descriptionId = `${fieldPathId.$id}__description`;
  return (
    <fieldset className="array-field" id={fieldPathId.$id} aria-describedby={schema.description ? descriptionId : undefined}>
      {heading && <legend className="array-field__title">{heading}</legend>}
      {schema.description && (
        <Typography.Paragraph type="secondary" id={descriptionId} className="array-field__description">
          {schema.description}
        </Typography.Paragraph>
      )}
      <ListContext.Provider value={list}>
        <div className="array-field__items">{items}</div>
      </ListContext.Provider>
      {items.length === 0 && <Typography.Paragraph type="secondary">{`No ${noun.toLowerCase()} yet.`}</Typography.Paragraph>}
      {rawErrors && rawErrors.length > 0 && (
        <div className="ant-form-item-explain-error" role="alert">
          {rawErrors.join('. ')}
        </div>
      )}
      {canAdd && (
        <Button icon={<PlusOutlined />} onClick={onAddClick} disabled={disabled || readonly} className="array-field__add" block>
          {`Add ${noun.toLowerCase()}`}
        </Button>
      )}
    </fieldset>
  );
}

/** One item of a list: a card with its name, its position, and its buttons. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, totalItems, hasToolbar } = props;
  const list = useContext(ListContext);
  const noun = list?.noun ?? 'Item';
  const name = nameOf(list?.items[index], list?.titleField);
  const label = `${noun} ${index + 1}`;
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly } = buttonsProps;
  const off = disabled || readonly;
  const orderable = totalItems > 1 && (hasMoveUp || hasMoveDown);
  return (
    <Card
      size="small"
      className="array-field__item"
      title={<span className="array-field__item-title">{name ? `${label}: ${name}` : label}</span>}
      extra={
        hasToolbar && (
          <div className="array-field__item-buttons">
            {/* Both arrows on every card of a list that can be ordered, the impossible one disabled, so they never shift. */}
            {orderable && (
              <Button
                type="text"
                icon={<ArrowUpOutlined />}
                onClick={onMoveUpItem}
                disabled={off || !hasMoveUp}
                aria-label={`Move ${label.toLowerCase()} up`}
                title="Move up"
              />
            )}
            {orderable && (
              <Button
                type="text"
                icon={<ArrowDownOutlined />}
                onClick={onMoveDownItem}
                disabled={off || !hasMoveDown}
                aria-label={`Move ${label.toLowerCase()} down`}
                title="Move down"
              />
            )}
            {hasRemove && (
              <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemoveItem} disabled={off} aria-label={`Remove ${label.toLowerCase()}`}>
                Remove
              </Button>
            )}
          </div>
        )
      }
    >
      <InItemCard.Provider value>{children}</InItemCard.Provider>
    </Card>
  );
}

const AntdObjectFieldTemplate = Templates.ObjectFieldTemplate!;

/** antd's object template, without the title an item's object repeats ("Packages-1") inside its card. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const inItem = useContext(InItemCard);
  if (!inItem) return <AntdObjectFieldTemplate {...props} />;
  // Objects nested deeper inside the item keep their titles.
  return (
    <InItemCard.Provider value={false}>
      <AntdObjectFieldTemplate {...props} title="" description={undefined} />
    </InItemCard.Provider>
  );
}
