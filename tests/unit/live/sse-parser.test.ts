import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../../shared/live/sse-parser';

function parseAll(chunks: string[]) {
  const events: SseEvent[] = [];
  let comments = 0;
  const parse = createSseParser(
    (event) => events.push(event),
    () => void (comments += 1),
  );
  for (const chunk of chunks) parse(chunk);
  return { events, comments };
}

/** The client's and the tests' reader of `text/event-stream` (shared/live/sse-parser.ts). */
describe('the SSE parser', () => {
  const stream = 'retry: 2000\n\n: hello\n\nid: 7\nevent: message.created\ndata: {"quoteId":"q1"}\n\n:\n\nid: 8\nevent: quote.updated\ndata: {"a":1}\n\n';

  it('when a stream arrives whole, then each event has its id, name and data, and comments are counted', () => {
    const { events, comments } = parseAll([stream]);
    expect(events).toEqual([
      { id: '7', event: 'message.created', data: '{"quoteId":"q1"}' },
      { id: '8', event: 'quote.updated', data: '{"a":1}' },
    ]);
    expect(comments).toBe(2);
  });

  it('when the same stream arrives split at every character, or with CRLF or CR line ends, then the events are the same', () => {
    const expected = parseAll([stream]).events;
    expect(parseAll([...stream]).events).toEqual(expected);
    const crlf = stream.replaceAll('\n', '\r\n');
    expect(parseAll([crlf]).events).toEqual(expected);
    expect(parseAll([...crlf]).events).toEqual(expected);
    // A CR that ends a chunk may start a CRLF: it is read once the next chunk (a heartbeat, here) comes.
    expect(parseAll([stream.replaceAll('\n', '\r'), ':\r']).events).toEqual(expected);
  });

  it('when an event has several data lines, no event name or no id, then they join with a line break, the name is "message" and the last id stays', () => {
    const { events } = parseAll(['id: 3\ndata: a\ndata: b\n\ndata: c\n\n']);
    expect(events).toEqual([
      { id: '3', event: 'message', data: 'a\nb' },
      { id: '3', event: 'message', data: 'c' },
    ]);
  });

  it('when a block has no data, then nothing is dispatched, and a half-written event waits for its end', () => {
    expect(parseAll(['event: reset\n\n', 'id: 4\ndata: x']).events).toEqual([]);
  });
});
