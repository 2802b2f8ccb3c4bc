import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentStateInfo } from '@unban/contract/payment-states';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { renderPaymentStatusDocument } from './payment-status-document';
import type { PaymentStatusReader } from './payment-status-document';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { startAppInTest, stopStartedApp } from '../test/started-app';

// React's development build reports any hydration difference through console.error, which
// fails the test (fail-on-console-error).

const payment: PaymentStatusResponse = {
  reference: 'UB-7K2M9QXA',
  amountMinor: 4900,
  currency: 'USD',
  paymentState: 'processing',
  caseState: 'awaiting_payment',
  phoneMasked: '+1 •••• ••43',
  plan: 'standard',
  updatedAt: '2026-11-24T23:30:00.000Z',
  canRetry: false,
};
const token = 'a'.repeat(43);
const search = `?order=${payment.reference}&token=${token}`;

const template =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Old</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

afterEach(() => {
  stopStartedApp();
  vi.restoreAllMocks();
});

/** The served document's body, put into this page the way the browser parses it. */
async function openDocument(read: PaymentStatusReader, query = search, locale?: SupportedLocale) {
  const html = await renderPaymentStatusDocument(
    template,
    query,
    'https://site.example',
    read,
    defaultSiteIdentity,
    locale,
  );
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.body.replaceChildren(
    ...[...parsed.body.childNodes].map((node) => document.importNode(node, true)),
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root');
  return { html, parsed, container };
}

async function hydrate(container: HTMLElement, query = search) {
  window.location.hash = `#/payment-status${query}`;
  await startAppInTest({
    container,
    hydratePath: '/payment-status',
    currentRoute: () => '/payment-status',
  });
}

describe('the payment-status document', () => {
  it('is rendered with the status, carries it, and hydrates in place without asking again', async () => {
    const read = vi.fn<PaymentStatusReader>().mockResolvedValue({ data: payment });
    const { html, parsed, container } = await openDocument(read);
    expect(read).toHaveBeenCalledWith({ order: payment.reference, token });
    expect(parsed.documentElement.dataset).toMatchObject({
      page: '/payment-status',
      start: 'watch',
    });
    expect(html).toContain('<link rel="canonical" href="https://site.example/payment-status" />');
    expect(container.querySelector('h1')?.textContent).toBe('Payment status');
    expect(container.textContent).toContain(paymentStateInfo.processing.label);
    // The server cannot know the visitor's time zone: it says UTC.
    expect(container.querySelector('time')?.textContent).toBe('Nov 24, 2026, 11:30 PM UTC');

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const heading = container.querySelector('h1');
    await hydrate(container);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.textContent).toContain(paymentStateInfo.processing.label);
    // The embedded answer is the first one: the next read waits for the poll (2 s).
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the not-found state for an answer the API refuses, and hydrates it', async () => {
    const read = vi.fn<PaymentStatusReader>().mockResolvedValue({
      error: { status: 404, code: 'NOT_FOUND', message: 'We could not find this order.' },
    });
    const { parsed, container } = await openDocument(read);
    expect(parsed.documentElement.dataset.start).toBeUndefined();
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe("We couldn't find this payment");
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await hydrate(container);
    expect(container.querySelector('h1')).toBe(heading);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders "checking" and starts the app at once when only the browser can read it', async () => {
    const read = vi.fn<PaymentStatusReader>().mockResolvedValue(undefined);
    const { parsed, container } = await openDocument(read);
    expect(parsed.documentElement.dataset.start).toBe('now');
    expect(parsed.getElementById('first-answers')).toBeNull();
    expect(container.textContent).toContain('Checking your payment…');
  });

  it("is rendered in the request's language, money included, and hydrates in it", async () => {
    const paid = { ...payment, amountMinor: 24900, currency: 'BRL', paymentState: 'paid' as const };
    const read = vi.fn<PaymentStatusReader>().mockResolvedValue({ data: paid });
    const { html, parsed, container } = await openDocument(read, search, 'pt-BR');
    expect(parsed.documentElement.lang).toBe('pt-BR');
    expect(parsed.documentElement.dir).toBe('ltr');
    expect(parsed.title).toBe('Status do pagamento · Desbanir seu WhatsApp');
    expect(html).toContain(
      '<link rel="canonical" href="https://site.example/pt-br/payment-status" />',
    );
    expect(container.querySelector('h1')?.textContent).toBe('Status do pagamento');
    expect(container.textContent).toContain('R$\u00a0249,00');
    expect(container.textContent).not.toContain('Payment status');

    document.documentElement.lang = 'pt-BR';
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const heading = container.querySelector('h1');
    try {
      await hydrate(container);
    } finally {
      document.documentElement.lang = 'en';
    }
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.textContent).toContain('R$\u00a0249,00');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('is written right to left in Arabic, with Arabic words and money', async () => {
    const read = vi.fn<PaymentStatusReader>().mockResolvedValue({ data: payment });
    const { parsed, container } = await openDocument(read, search, 'ar');
    expect(parsed.documentElement.lang).toBe('ar');
    expect(parsed.documentElement.dir).toBe('rtl');
    expect(container.querySelector('h1')?.textContent).toMatch(/[\u0600-\u06ff]/);
    expect(container.textContent).not.toContain('Payment status');
    expect(container.textContent).not.toContain('$49.00');
  });

  it('asks nothing for an address without an order', async () => {
    const read = vi.fn<PaymentStatusReader>();
    const { container } = await openDocument(read, '');
    expect(read).not.toHaveBeenCalled();
    expect(container.querySelector('h1')?.textContent).toBe("We couldn't find this payment");
  });
});
