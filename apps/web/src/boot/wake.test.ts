import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_CLICKS } from './held-clicks';
import { holdLinkClicks } from './wake';

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = href;
  document.body.append(anchor);
  return anchor;
}

afterEach(() => {
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
});

describe('holdLinkClicks', () => {
  it('holds a route link clicked before the app runs, then moves the address there', async () => {
    const handOver = holdLinkClicks();
    const refunds = link('#/refunds');
    const seenByApp = vi.fn();
    document.body.addEventListener('click', seenByApp);

    refunds.click();
    expect(location.hash).toBe('');
    expect(seenByApp).not.toHaveBeenCalled();

    let started = () => {};
    handOver(new Promise<void>((resolve) => (started = resolve)));
    started();
    await vi.waitFor(() => expect(location.hash).toBe('#/refunds'));
  });

  it('clicks any other held link again for the app, and lets clicks through once it runs', async () => {
    const handOver = holdLinkClicks();
    const skip = link('#main-content');
    const seenByApp = vi.fn((event: MouseEvent) => event.preventDefault());
    document.body.addEventListener('click', seenByApp);

    skip.click();
    expect(seenByApp).not.toHaveBeenCalled();
    handOver(Promise.resolve());
    await vi.waitFor(() => expect(seenByApp).toHaveBeenCalledTimes(1));

    skip.click();
    expect(seenByApp).toHaveBeenCalledTimes(2);
    expect(location.hash).toBe('');
  });
});

describe('holdLinkClicks after the inline loader', () => {
  it('takes over the click the loader held before the entry ran, and ends its hold', async () => {
    const retry = document.createElement('button');
    retry.textContent = 'Try again';
    document.body.append(retry);
    const seenByApp = vi.fn();
    retry.addEventListener('click', seenByApp);
    const take = vi.fn(() => retry);
    (window as unknown as Record<string, unknown>)[HELD_CLICKS] = { take };

    const handOver = holdLinkClicks();
    expect(take).toHaveBeenCalledTimes(1);
    expect((window as unknown as Record<string, unknown>)[HELD_CLICKS]).toBeUndefined();
    expect(seenByApp).not.toHaveBeenCalled();

    handOver(Promise.resolve());
    await vi.waitFor(() => expect(seenByApp).toHaveBeenCalledTimes(1));
  });
});
