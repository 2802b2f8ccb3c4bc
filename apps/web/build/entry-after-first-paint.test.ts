// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entryAfterFirstPaint } from './entry-after-first-paint';

const page =
  '<head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-def.css"></head>';

type Listener = () => void;

/** Runs the loader in a minimal browser whose paint and load the test fires. */
function runLoader(html: string, { paintTiming }: { paintTiming: boolean }) {
  const loader = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const added: Record<string, string>[] = [];
  const tasks: Listener[] = [];
  const loadListeners: Listener[] = [];
  let paintCallback: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  const window = {
    setTimeout: (callback: Listener) => tasks.push(callback),
    addEventListener: (type: string, callback: Listener) => {
      if (type === 'load') loadListeners.push(callback);
    },
  };
  const document = {
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (element: Record<string, string>) => added.push(element) },
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

const entry = { type: 'module', crossOrigin: '', src: '/assets/index-abc.js' };

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

  it('leaves inline and JSON scripts alone', () => {
    const html =
      '<script>(function(){})()</script><script type="application/json" id="client-config">{}</script>';
    expect(entryAfterFirstPaint(html)).toBe(html);
  });
});
