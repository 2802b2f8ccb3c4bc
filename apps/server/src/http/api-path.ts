/** Where operators and integrators read the API description: an HTML page under /api. */
export const API_DOCS_PATH = '/api/docs';

/** Whether a request URL (path + query) is under the JSON API. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Whether a request URL is the payment-status page, rendered per request with its data. */
export function isPaymentStatusPage(url: string): boolean {
  return url === '/payment-status' || url.startsWith('/payment-status?');
}

/**
 * Whether a request URL is the API description's page or one of its files
 * (plugins/api-docs.ts): a document, not an answer of data.
 */
export function isApiDocsPath(url: string): boolean {
  return (
    url === API_DOCS_PATH ||
    url.startsWith(`${API_DOCS_PATH}/`) ||
    url.startsWith(`${API_DOCS_PATH}?`)
  );
}
