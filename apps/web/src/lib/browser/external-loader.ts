/**
 * Adds external scripts and stylesheets to the page, each address at most once for the life of
 * the page (SPEC section 4): the pending or settled promise is remembered per address and
 * handed to every later caller.
 *
 * A failed load stays failed: the rejected promise is kept and no second element is added.
 * Retrying would put the same address on the page twice, which the spec rules out, and a host
 * that just failed is not likely to answer a moment later; callers fall back instead (the live
 * chat shows the support e-mail).
 *
 * Nothing here touches `window` or `document` until a function is called, so importing the
 * module is safe outside a browser.
 */
const scripts = new Map<string, Promise<void>>();
const styles = new Map<string, Promise<void>>();

/** 'x.js', './x.js' and the absolute address are the same address. */
function normalize(url: string): string {
  return new URL(url, document.baseURI).href;
}

function once(
  registry: Map<string, Promise<void>>,
  url: string,
  create: (address: string) => HTMLScriptElement | HTMLLinkElement,
): Promise<void> {
  const address = normalize(url);
  const known = registry.get(address);
  if (known) return known;

  const loaded = new Promise<void>((resolve, reject) => {
    const element = create(address);
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => reject(new Error(`Failed to load ${address}`)), {
      once: true,
    });
    document.head.append(element);
  });
  registry.set(address, loaded);
  return loaded;
}

export function loadScript(url: string): Promise<void> {
  return once(scripts, url, (address) => {
    const script = document.createElement('script');
    script.src = address;
    script.async = true;
    return script;
  });
}

export function loadStyle(url: string): Promise<void> {
  return once(styles, url, (address) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = address;
    return link;
  });
}
