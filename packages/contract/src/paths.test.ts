import { describe, expect, it } from 'vitest';
import { documentUrl, pageUrl, paths } from './paths';

describe('paths', () => {
  it('builds hash hrefs and router locations for every screen of the route table', () => {
    expect(paths.home.href()).toBe('#/');
    expect(paths.request.href()).toBe('#/request');
    expect(paths.banCheck.href()).toBe('#/ban-check');
    expect(paths.results.href()).toBe('#/results');
    expect(paths.requests.href()).toBe('#/requests');
    expect(paths.signIn.href()).toBe('#/sign-in');
    expect(paths.admin.href()).toBe('#/admin');
    expect(paths.terms.href()).toBe('#/terms');
    expect(paths.privacy.href()).toBe('#/privacy');
    expect(paths.refunds.href()).toBe('#/refunds');
    expect(paths.terms.to()).toBe('/terms');
    expect(paths.requestDetail.path).toBe('/requests/:id');
    expect(paths.paymentStatus.path).toBe('/payment-status');
  });

  it('encodes parameters so any id or token survives the trip', () => {
    expect(paths.requestDetail.href('a/b c')).toBe('#/requests/a%2Fb%20c');
    const href = paths.paymentStatus.href({ order: 'UB-1&x', token: 't+/=' });
    expect(href.startsWith('#/payment-status?')).toBe(true);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('order')).toBe('UB-1&x');
    expect(params.get('token')).toBe('t+/=');
  });

  it('carries the ban check’s answers to the order form, and only those given', () => {
    expect(paths.request.to({ messagingApp: 'whatsapp', device: 'android', bannedAt: '' })).toBe(
      '/request?messagingApp=whatsapp&device=android',
    );
    expect(paths.request.to({})).toBe('/request');
    expect(paths.request.to(null)).toBe('/request');
  });

  it('brings sign-in back to where the visitor was going', () => {
    expect(paths.signIn.to(paths.requestDetail.to('id 1'))).toBe(
      '/sign-in?next=%2Frequests%2Fid%25201',
    );
    expect(paths.signIn.to(null)).toBe('/sign-in');
  });
});

describe('pageUrl', () => {
  it('makes absolute addresses of pages, as the e-mails and checkout return links use', () => {
    expect(pageUrl('https://site.example/', paths.requestDetail.to('id-1'))).toBe(
      'https://site.example/#/requests/id-1',
    );
    expect(
      pageUrl(
        'https://site.example',
        paths.paymentStatus.to({ order: 'UB-1', token: 'tok', canceled: true }),
      ),
    ).toBe('https://site.example/#/payment-status?order=UB-1&token=tok&canceled=1');
  });
});

describe('documentUrl', () => {
  it('makes the address of a page the server renders as its own document', () => {
    expect(
      documentUrl('https://site.example/', paths.paymentStatus.to({ order: 'UB-1', token: 'tok' })),
    ).toBe('https://site.example/payment-status?order=UB-1&token=tok');
  });
});
