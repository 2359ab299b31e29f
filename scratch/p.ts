import ICAL from 'ical.js';
const wrap = (lines: string[]) => ['BEGIN:VCALENDAR','VERSION:2.0','BEGIN:VEVENT','UID:x@t', ...lines,'END:VEVENT','END:VCALENDAR',''].join('\r\n');
for (const t of [wrap(['DTSTART;VALUE=DATE:20270101','RRULE:FREQ=YEARLY;BYWEEKNO=60']), wrap(['DTSTART;VALUE=DATE:20270101','RRULE:FREQ=FOO']), wrap(['DTSTART:2027XX01']), wrap(['BADLINE']), 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20270101\r\n', 'Dear diary', '{"a":1}']) {
  try { const p = ICAL.parse(t); const c = new ICAL.Component(p as never); const e = new ICAL.Event(c.getFirstSubcomponent('vevent')!); console.log('ok', e.startDate?.toString()); } catch (e) { console.log('ERR', (e as Error).name, JSON.stringify((e as Error).message)); }
}
