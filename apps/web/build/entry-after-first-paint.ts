import type { Plugin } from 'vite';

/**
 * The entry module script, requested only after the first contentful paint. The prerendered
 * HTML and its stylesheet are the first paint; the entry only wakes the app on first use
 * (src/boot/wake.ts). Referenced from the head, the browser fetches it beside the stylesheet
 * and runs it before painting when it arrives in time: on a slow phone the JavaScript then
 * delays the first paint, and Lighthouse counted it in the home's LCP (1.19x the same
 * document without scripts). A frame and a task later was not enough: the request still went
 * out before the paint was presented (FCP 880 against 770 ms). So the loader waits for the
 * browser's own first-contentful-paint entry, or the load event where paint timing is missing,
 * whichever comes first. Vite writes the tag itself (dropping attributes from index.html's),
 * hence a transform after it; the server allows the inline loader by its hash, computed from
 * the served HTML.
 */
export function entryAfterFirstPaint(html: string): string {
  return html.replace(
    /<script type="module"( crossorigin)? src="([^"]+)"><\/script>/g,
    (_tag, crossorigin: string | undefined, src: string) =>
      `<script>${loader(src, Boolean(crossorigin))}</script>`,
  );
}

/** ES5, as it runs before anything else on any browser the page may meet. */
function loader(src: string, crossorigin: boolean): string {
  return (
    '(function(w,d){var done=0;function go(){if(done)return;done=1;' +
    "var s=d.createElement('script');s.type='module';" +
    (crossorigin ? "s.crossOrigin='';" : '') +
    `s.src=${JSON.stringify(src)};d.head.appendChild(s)}` +
    'function later(){w.setTimeout(go,0)}' +
    "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)later()})" +
    ".observe({type:'paint',buffered:true})}catch(e){}" +
    "w.addEventListener('load',later)})(window,document)"
  );
}

export function entryAfterFirstPaintPlugin(): Plugin {
  return {
    name: 'unban:entry-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: entryAfterFirstPaint },
  };
}
