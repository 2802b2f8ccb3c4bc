import { describe, expect, it } from 'vitest';
import { formatPrice } from '@unban/contract/plans';
import { renderSandboxCheckoutPage } from './sandbox-page';

const info = {
  sessionId: 'sbx_1',
  paymentId: 'p',
  reference: 'UB-7K3Q9XQ2',
  amount: 8900,
  currency: 'USD',
  productName: '<b>Priority</b> & "more"',
  successUrl: 'https://unban.example/#/payment-status?order=UB-7K3Q9XQ2&token=t',
  cancelUrl: 'https://unban.example/#/payment-status?order=UB-7K3Q9XQ2&token=t',
  expiresAt: 0,
};

/** The names of the page's buttons, in order. */
function buttonLabels(html: string): string[] {
  return [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1] ?? '');
}

describe('sandbox checkout page', () => {
  it('escapes what it prints', () => {
    const html = renderSandboxCheckoutPage({ info, token: 'a.b', payable: true });
    expect(html).toContain('&lt;b&gt;Priority&lt;/b&gt; &amp; &quot;more&quot;');
    expect(html).not.toContain('<b>Priority');
    expect(html).toContain('$89.00');
  });

  it('links a closed checkout to the status page instead of offering buttons', () => {
    const html = renderSandboxCheckoutPage({ info, token: 'a.b', payable: false });
    expect(html).not.toContain('<form');
    expect(html).toContain(
      'href="https://unban.example/#/payment-status?order=UB-7K3Q9XQ2&amp;token=t"',
    );
  });

  it('is written in the session\u2019s language: Arabic right to left, its money Arabic\u2019s', () => {
    const html = renderSandboxCheckoutPage({
      info: { ...info, locale: 'ar' },
      token: 'a.b',
      payable: true,
    });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const amount = formatPrice({ amountMinor: 8900, currency: 'USD' }, 'ar');
    expect(amount).not.toBe('$89.00');
    expect(html).toContain(`<title>دفع ${amount} – صفحة دفع تجريبية</title>`);
    expect(html).toContain(`<dd class="amount">${amount}</dd>`);
    for (const label of ['دفع', 'رفض', 'إلغاء', 'الدفع لاحقًا (يكتمل بعد قليل)']) {
      expect(buttonLabels(html)).toContain(label);
    }
    expect(html).not.toMatch(/>(Pay|Decline|Cancel|Order|Total)</);
  });

  it('writes a closed checkout in the session\u2019s language too', () => {
    const html = renderSandboxCheckoutPage({
      info: { ...info, locale: 'pt-BR', amount: 24900, currency: 'BRL' },
      token: 'a.b',
      payable: false,
    });
    expect(html).toContain('<html lang="pt-BR" dir="ltr">');
    expect(html).toContain('<title>Pagamento encerrado – Pagamento de teste (sandbox)</title>');
    expect(html).toContain('R$\u00a0249,00');
    expect(html).toContain('>Ver o status do seu pedido</a>');
  });

  it('keeps English as it was, for a session in English and one from before the languages', () => {
    for (const session of [info, { ...info, locale: 'en' as const }]) {
      const html = renderSandboxCheckoutPage({ info: session, token: 'a.b', payable: true });
      expect(html).toContain('<html lang="en">\n');
      expect(html).toContain('<title>Pay $89.00 – Sandbox checkout</title>');
      expect(buttonLabels(html)).toEqual([
        'Pay',
        'Decline',
        'Cancel',
        'Pay later (completes asynchronously)',
      ]);
    }
  });
});
