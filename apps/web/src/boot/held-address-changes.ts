/**
 * Keeps the router from hearing that the address changed (a hash typed, Back) while React
 * hydrates the prerendered screen, and tells it once the app is on the page.
 *
 * Why: hydration runs in a transition and yields to the browser. A move that reached the router
 * in that time either arrived before the router provider's first render, which then no longer
 * matched the prerendered HTML (React reported a mismatch and threw the HTML away), or ended
 * between that render and the provider's subscription (a layout effect), and was never shown:
 * the page went on showing the prerendered screen under the new address.
 *
 * Install it before the router is created. It listens in the capture phase, which on the
 * window runs before the router's own (bubbling) popstate listener, so it holds whatever order
 * they were added in.
 */
export function holdAddressChanges(target: Window = window): () => void {
  let missed = false;
  const hold = (event: PopStateEvent) => {
    missed = true;
    event.stopImmediatePropagation();
  };
  target.addEventListener('popstate', hold, true);
  return function release() {
    target.removeEventListener('popstate', hold, true);
    // The router reads where the address is now when it hears a popstate, so one stands for
    // all the moves it missed.
    if (missed)
      target.dispatchEvent(new PopStateEvent('popstate', { state: target.history.state }));
  };
}
