/**
 * The availability module: the days a business takes no requests for (blackout dates, entered or
 * imported from a calendar file), its month calendar with the events it is booked for, and its
 * iCal feed. Matching asks it who is blocked on a date.
 */
export { availabilityRouter } from './availability.router';
export { addBlackoutDates, blockedVendorIds, type AvailabilityDeps, type BookingsSource } from './availability.service';
export { createCalendarReader, DEFAULT_CALENDAR_BUDGET, type CalendarReader } from './calendar-reader';
export { availabilityMigrations } from './migrations';
