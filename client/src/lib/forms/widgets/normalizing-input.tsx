import type { WidgetProps } from '@rjsf/utils';
import { toInstagramHandle } from '../../../../../shared/validators/instagram-handle';
import { withScheme } from '../../../../../shared/validators/with-scheme';

/**
 * A text field that tidies what was typed when the person leaves it (before the rules judge it),
 * drawn by the theme's own input. Clicking Save leaves the field first, so the tidied value is
 * the one sent.
 */
function normalizingInput(normalize: (value: string) => string, inputType?: string) {
  return function NormalizingInput(props: WidgetProps) {
    const { BaseInputTemplate } = props.registry.templates;
    const tidy = (value: unknown) => (typeof value === 'string' ? normalize(value) : value);
    return (
      <BaseInputTemplate
        {...props}
        type={inputType}
        onBlur={(id, value: unknown) => {
          const next = tidy(value);
          if (next !== value) props.onChange(next === '' ? props.options.emptyValue : next);
          props.onBlur(id, next);
        }}
      />
    );
  };
}

/** Fields with `format: "seed-url"`: a website typed as `crumbandco.com` becomes `https://crumbandco.com`. */
export const UrlWidget = normalizingInput(withScheme, 'url');

/** Fields with `format: "instagram-handle"`: `crumbandco` or a pasted profile address becomes `@crumbandco`. */
export const InstagramHandleWidget = normalizingInput(toInstagramHandle);
