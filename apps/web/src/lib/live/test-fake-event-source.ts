/**
 * For the tests: an EventSource the test drives by hand (jsdom has none). Install it with
 * `vi.stubGlobal('EventSource', FakeEventSource)`; each `new EventSource(url)` is recorded.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];

  static reset(): void {
    FakeEventSource.instances = [];
  }

  /** The newest stream the page opened. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('the page opened no stream');
    return source;
  }

  readonly url: string;
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** The server accepted the stream. */
  open(): void {
    this.readyState = 1;
    this.dispatch('open', new Event('open'));
  }

  /** The server sent an event with this JSON data. */
  emit(type: string, data: unknown): void {
    this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** The connection was cut (or refused). */
  fail(): void {
    this.readyState = 0;
    this.dispatch('error', new Event('error'));
  }

  private dispatch(type: string, event: Event): void {
    if (this.closed) return;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
