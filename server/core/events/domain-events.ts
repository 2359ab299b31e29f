/**
 * Every domain event, by name, with its payload: the changes other modules may react to. Core
 * declares none: each module adds the events it publishes in its `<module>.events.ts`, by
 * augmenting this interface (`declare module '../core/events/domain-events'`), so adding a module
 * edits nothing in core. Subscribers never import the publisher; payloads carry what a subscriber
 * needs to act without reading the publisher's tables.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;
