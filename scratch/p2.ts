import ICAL from 'ical.js';
import { calendarBusyDays } from '../server/availability/calendar-busy-days';
const events = Array.from({ length: 5_000 }, (_, i) => ['BEGIN:VEVENT', `UID:e${i}`, 'DTSTART;VALUE=DATE:20000101', 'DTEND;VALUE=DATE:29990101', `SUMMARY:Event ${i}`, 'END:VEVENT']);
const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
let t = performance.now();
const parsed = ICAL.parse(text);
console.log('parse', performance.now() - t, text.length);
t = performance.now();
const c = new ICAL.Component(parsed as never);
const evs = c.getAllSubcomponents('vevent').map((x) => new ICAL.Event(x));
console.log('events', performance.now() - t);
t = performance.now();
for (const e of evs) { e.isRecurrenceException(); e.uid; }
console.log('uid', performance.now() - t);
t = performance.now();
for (const e of evs) { e.startDate; e.endDate; }
console.log('dates', performance.now() - t);
t = performance.now();
calendarBusyDays(text, { from: '2027-06-01', to: '2027-06-30', timeZone: 'UTC' });
console.log('all', performance.now() - t);
