import { subject as tagSubject } from '@casl/ability';
import type { ReactNode } from 'react';
import { useAppAbility } from './ability-context';

/** Props of <Can>: the action (`I` or `do`), the subject (`a`, `an`, `on`, or an object via `this` + `type`). */
export interface CanProps {
  I?: string;
  do?: string;
  a?: string;
  an?: string;
  on?: string;
  this?: Record<string, unknown>;
  /** Subject type of `this`, e.g. "Quote". */
  type?: string;
  field?: string;
  not?: boolean;
  /** Render the children whatever the answer, handing them the answer (needs a render function). */
  passThrough?: boolean;
  children?: ReactNode | ((allowed: boolean) => ReactNode);
}

/** Message when <Can> gets no action (docs/specification.md §8). */
export const CAN_MISSING_ACTION = 'Neither `I` nor `do` property exist in <Can>: name the action to check';
/** Message when pass-through mode has no default slot (docs/specification.md §8). */
export const CAN_PASS_THROUGH_WITHOUT_SLOT = '`passThrough` expects a default slot: pass a render function as the children of <Can>';

/** Renders its children only when the session's ability allows the action on the subject. */
export function Can(props: CanProps): ReactNode {
  const ability = useAppAbility();
  const action = props.I ?? props.do;
  if (!action) throw new Error(CAN_MISSING_ACTION);
  if (props.passThrough && typeof props.children !== 'function') throw new Error(CAN_PASS_THROUGH_WITHOUT_SLOT);
  const target = props.this && props.type ? tagSubject(props.type, { ...props.this }) : (props.a ?? props.an ?? props.on ?? 'all');
  const can = ability.can(action, target, props.field);
  const allowed = props.not ? !can : can;
  if (typeof props.children === 'function') return props.passThrough || allowed ? props.children(allowed) : null;
  return allowed ? props.children : null;
}
