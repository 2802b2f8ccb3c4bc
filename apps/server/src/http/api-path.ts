/** Whether a request URL (path + query) is under the JSON API. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Whether a request URL is the payment-status page, rendered per request with its data. */
export function isPaymentStatusPage(url: string): boolean {
  return url === '/payment-status' || url.startsWith('/payment-status?');
}
