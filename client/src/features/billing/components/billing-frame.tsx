import type { ComponentProps } from 'react';
import { PageFrame } from '../../../components/page-frame';

/** A billing screen: the page frame with billing's spacing (its title is left out of a printed receipt). */
export function BillingFrame({ className, ...props }: Omit<ComponentProps<typeof PageFrame>, 'titleClassName'>) {
  return <PageFrame {...props} className={className ? `billing ${className}` : 'billing'} titleClassName="billing__title" />;
}
