import { describe, expect, it } from 'vitest';
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
});
