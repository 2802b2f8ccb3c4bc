// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HELD_CLICKS, type EarlyHeldClicks } from '../src/boot/held-clicks';
import { entryAfterFirstPaint } from './entry-after-first-paint';

const page =
  '<head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-def.css"></head>';

type Listener = () => void;
type ClickListener = (event: FakeClick) => void;

/** The parts of a click event the loader reads and calls. */
interface FakeClick {
  target: { closest(selector: string): unknown } | null;
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault(): void;
  stopImmediatePropagation(): void;
}

function click(target: FakeClick['target'], modifiers: Partial<FakeClick> = {}) {
  const event = {
    target,
    button: 0,
    defaultPrevented: false,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    stopped: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    stopImmediatePropagation() {
      event.stopped = true;
    },
    ...modifiers,
  };
  return event;
}

/** An element whose closest link or button is itself (a button), or none (plain text). */
const button = { closest: (selector: string) => (selector.includes('button') ? button : null) };
const text = { closest: () => null };

/** Runs the loader in a minimal browser whose paint and load the test fires. */
function runLoader(html: string, { paintTiming }: { paintTiming: boolean }) {
  const loader = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const added: Record<string, unknown>[] = [];
  const clickListeners = new Set<ClickListener>();
  const tasks: Listener[] = [];
  const loadListeners: Listener[] = [];
  let paintCallback: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  const window: Record<string, unknown> = {
    setTimeout: (callback: Listener) => tasks.push(callback),
    addEventListener: (type: string, callback: Listener) => {
      if (type === 'load') loadListeners.push(callback);
    },
  };
  const document = {
    createElement: () => ({}) as Record<string, unknown>,
    head: { appendChild: (element: Record<string, unknown>) => added.push(element) },
    addEventListener: (type: string, callback: ClickListener, capture: boolean) => {
      if (type === 'click' && capture) clickListeners.add(callback);
    },
    removeEventListener: (type: string, callback: ClickListener, capture: boolean) => {
      if (type === 'click' && capture) clickListeners.delete(callback);
    },
  };
  class PerformanceObserver {
    constructor(callback: typeof paintCallback) {
      if (!paintTiming) throw new TypeError('PerformanceObserver is not defined');
      paintCallback = callback;
    }
    observe() {}
  }
  new Function('window', 'document', 'PerformanceObserver', loader)(
    window,
    document,
    PerformanceObserver,
  );
  const runTasks = () => tasks.splice(0).forEach((task) => task());
  return {
    added,
    held: () => window[HELD_CLICKS] as EarlyHeldClicks,
    click: (event: FakeClick) => clickListeners.forEach((listener) => listener(event)),
    holding: () => clickListeners.size > 0,
    paint: (name: string) => {
      paintCallback?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
      runTasks();
    },
    load: () => {
      loadListeners.forEach((listener) => listener());
      runTasks();
    },
  };
}

const entry = {
  type: 'module',
  crossOrigin: '',
  src: '/assets/index-abc.js',
  onerror: expect.any(Function),
};

describe('entryAfterFirstPaint', () => {
  it('replaces the entry module script with an inline loader, leaving the stylesheet', () => {
    const out = entryAfterFirstPaint(page);
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-def.css">');
  });

  it('adds the entry once the first contentful paint is reported, and only once', () => {
    const browser = runLoader(entryAfterFirstPaint(page), { paintTiming: true });
    browser.paint('first-paint');
    expect(browser.added).toEqual([]);
    browser.paint('first-contentful-paint');
    expect(browser.added).toEqual([entry]);
    browser.load();
    expect(browser.added).toEqual([entry]);
  });

  it('falls back to the load event where paint timing is missing', () => {
    const browser = runLoader(entryAfterFirstPaint(page), { paintTiming: false });
    expect(browser.added).toEqual([]);
    browser.load();
    expect(browser.added).toEqual([entry]);
  });

  it('holds a click on a button before the entry runs, for the entry to take over', () => {
    const browser = runLoader(entryAfterFirstPaint(page), { paintTiming: true });
    const early = click(button);
    browser.click(early);
    expect(early).toMatchObject({ defaultPrevented: true, stopped: true });
    expect(browser.held().take()).toBe(button);
    expect(browser.holding()).toBe(false);
    expect(browser.held().take()).toBeNull();
  });

  it('lets through clicks on plain text and clicks with a modifier or another button', () => {
    const browser = runLoader(entryAfterFirstPaint(page), { paintTiming: true });
    for (const event of [
      click(text),
      click(button, { ctrlKey: true }),
      click(button, { button: 1 }),
    ]) {
      browser.click(event);
      expect(event).toMatchObject({ defaultPrevented: false, stopped: false });
    }
    expect(browser.held().take()).toBeNull();
  });

  it('stops holding when the entry cannot load, so links work without it', () => {
    const browser = runLoader(entryAfterFirstPaint(page), { paintTiming: false });
    browser.load();
    expect(browser.holding()).toBe(true);
    (browser.added[0]?.onerror as () => void)();
    expect(browser.holding()).toBe(false);
  });

  it('leaves inline and JSON scripts alone', () => {
    const html =
      '<script>(function(){})()</script><script type="application/json" id="client-config">{}</script>';
    expect(entryAfterFirstPaint(html)).toBe(html);
  });
});
