// @ts-check
// The back office's figures, read the way an operator and a visitor read them: the dashboard
// (computed on each request) and the public results (computed once per five minutes, so only
// the first request after the server starts does the work). Timed one after the other, not
// under load: what one person waits for on a database of the bench's size.

const DASHBOARD_READS = 5;

/** @param {string} url @param {Record<string, string>} headers */
async function timedGet(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * Prints and returns how long the public results' first computation and the dashboard took.
 * @param {string} name the database's name in the bench's lines
 * @param {string} base the product's address
 * @param {Record<string, string>} operator an operator's authorization header
 */
export async function timeFigures(name, base, operator) {
  const results = await timedGet(`${base}/api/results`, {});
  const dashboard = [];
  for (let read = 0; read < DASHBOARD_READS; read += 1)
    dashboard.push(await timedGet(`${base}/api/admin/dashboard`, operator));
  dashboard.sort((a, b) => a - b);
  const median = dashboard[Math.floor(dashboard.length / 2)] ?? 0;
  const line =
    `${name}: back-office figures: dashboard ${median.toFixed(0)} ms (median of ` +
    `${DASHBOARD_READS}, slowest ${(dashboard.at(-1) ?? 0).toFixed(0)} ms), public results ` +
    `computed in ${results.toFixed(0)} ms`;
  console.log(line);
  return line;
}
