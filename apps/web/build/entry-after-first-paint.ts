import type { Plugin } from 'vite';
import { HELD_CLICKS } from '../src/boot/held-clicks';

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
 *
 * Until the entry has run, nothing handles a button (the payment-status page's "Try again"),
 * so the loader holds clicks from the start: the last click on a button or an in-page link is
 * kept and handed to the entry (`window[HELD_CLICKS]`), which carries it out once the app
 * runs, as it does for clicks between its own start and the app's (holdLinkClicks in
 * src/boot/wake.ts, which mirrors the conditions below). If the entry cannot load, the hold
 * is released so links work natively.
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
    '(function(w,d){var done=0,held=null;' +
    'function hold(e){var t=e.target,el;' +
    'if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;' +
    `el=t&&t.closest?t.closest('a[href^="#"],button'):null;if(!el)return;` +
    'e.preventDefault();e.stopImmediatePropagation();held=el}' +
    "function release(){d.removeEventListener('click',hold,true)}" +
    "d.addEventListener('click',hold,true);" +
    `w.${HELD_CLICKS}={take:function(){var el=held;release();held=null;return el}};` +
    'function go(){if(done)return;done=1;' +
    "var s=d.createElement('script');s.type='module';" +
    (crossorigin ? "s.crossOrigin='';" : '') +
    `s.onerror=release;s.src=${JSON.stringify(src)};d.head.appendChild(s)}` +
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
