// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entryAfterFirstPaint } from './entry-after-first-paint';

describe('entryAfterFirstPaint', () => {
  it('turns the entry module script into a loader that adds it after two frames', () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-def.css"></head>';
    const out = entryAfterFirstPaint(html);
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-def.css">');

    // Run the loader against a minimal browser: nothing is added before the frame and the task.
    const loader = /<script>([\s\S]*?)<\/script>/.exec(out)?.[1] ?? '';
    const added: Record<string, string>[] = [];
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const document = {
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (element: Record<string, string>) => added.push(element) },
    };
    new Function('requestAnimationFrame', 'setTimeout', 'document', loader)(
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => tasks.push(callback),
      document,
    );
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]);
    tasks.shift()?.();
    expect(added).toEqual([{ type: 'module', crossOrigin: '', src: '/assets/index-abc.js' }]);
  });

  it('leaves inline and JSON scripts alone', () => {
    const html =
      '<script>(function(){})()</script><script type="application/json" id="client-config">{}</script>';
    expect(entryAfterFirstPaint(html)).toBe(html);
  });
});
