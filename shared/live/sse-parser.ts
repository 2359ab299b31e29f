/** One server-sent event: `id` is the last `id:` seen on the stream (the browser's last event id). */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Reads text/event-stream text chunk by chunk, as the HTML standard's parser does for the fields
 * our server writes (`id`, `event`, `data`, comments): `onEvent` for each dispatched event,
 * `onComment` for each comment line (the heartbeat). Lines may end in LF, CR or CRLF.
 */
export function createSseParser(onEvent: (event: SseEvent) => void, onComment: () => void = () => {}): (chunk: string) => void {
  let buffer = '';
  let lastId: string | null = null;
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ id: lastId, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return onComment();
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A CR at the end of the chunk may be the first half of a CRLF: wait for the next chunk.
      if (buffer[end] === '\r' && end === buffer.length - 1) break;
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      line(text);
    }
  };
}
