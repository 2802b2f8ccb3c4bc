import http from 'node:http';

export interface ReceivedEvent {
  event: string;
  data: unknown;
}

export interface SseConnection {
  status: number;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /** The next event (already received or still to come) that `matches`, else rejects after `timeoutMs`. */
  next(matches: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A minimal Server-Sent Events reader over node:http for the tests (Node 20 has no
 * EventSource): the status, then each `event:`/`data:` block as it arrives.
 */
export function openSse(url: string): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((done) => (endedResolve = done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length === 0) continue;
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          events.push({ event, data: parsed });
          for (const wake of [...waiters]) wake();
        }
      });
      response.on('end', () => endedResolve());
      response.on('close', () => endedResolve());
      resolve({
        status: response.statusCode ?? 0,
        events,
        ended,
        close: () => request.destroy(),
        next(matches, timeoutMs = 3_000) {
          return new Promise((found, fail) => {
            let seen = 0;
            const check = () => {
              for (; seen < events.length; seen += 1) {
                const candidate = events[seen];
                if (candidate && matches(candidate)) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  found(candidate);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`,
                ),
              );
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      });
    });
    request.on('error', reject);
  });
}
