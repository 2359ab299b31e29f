import { Widgets } from '@rjsf/antd';
import type { WidgetProps } from '@rjsf/utils';

const ThemeCheckboxes = Widgets.CheckboxesWidget!;

/**
 * A list of choices as checkboxes (`ui:widget: checkboxes`): the theme's, inside a group named by
 * the field's label. The label above it points at the group's `id`, which no control carries, so
 * without this a screen reader reads "Lemon, checkbox" with no word of what is being chosen.
 */
export function CheckboxGroupWidget(props: WidgetProps) {
  const name = props.label || (typeof props.schema.title === 'string' ? props.schema.title : undefined);
  return (
    <div role="group" aria-label={name}>
      <ThemeCheckboxes {...props} />
    </div>
  );
}
