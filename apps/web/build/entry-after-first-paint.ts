import type { Plugin } from 'vite';

/**
 * The entry module script, requested only after the first paint. The prerendered HTML and its
 * stylesheet are the first paint; the entry only wakes the app on first use
 * (src/boot/wake.ts). Referenced from the head, the browser fetches it beside the stylesheet
 * and runs it before painting when it arrives in time: on a slow phone the JavaScript then
 * delays the first paint, and Lighthouse counted it in the home's LCP (1.1 s against 0.92 s for
 * the same document without scripts). Two frames later it waits for nothing that is seen.
 * Vite writes the tag itself (dropping attributes from index.html's), hence a transform after
 * it; the server allows the inline loader by its hash, computed from the served HTML.
 */
export function entryAfterFirstPaint(html: string): string {
  return html.replace(
    /<script type="module"( crossorigin)? src="([^"]+)"><\/script>/g,
    (_tag, crossorigin: string | undefined, src: string) =>
      '<script>requestAnimationFrame(function(){setTimeout(function(){' +
      "var s=document.createElement('script');s.type='module';" +
      (crossorigin ? "s.crossOrigin='';" : '') +
      `s.src=${JSON.stringify(src)};document.head.appendChild(s)})})</script>`,
  );
}

export function entryAfterFirstPaintPlugin(): Plugin {
  return {
    name: 'unban:entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: entryAfterFirstPaint },
  };
}
