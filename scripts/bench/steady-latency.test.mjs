// @ts-check
import { describe, expect, it } from 'vitest';
import { SteadyLatency, percentile } from './steady-latency.mjs';

describe('steady latency', () => {
  it('reads a percentile at its rank, as HdrHistogram does', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it("keeps each connection's first answer out of the percentiles", () => {
    const latency = new SteadyLatency();
    const clients = [{}, {}, {}];
    // Each connection's first answer waited to be taken in: 100, 200 and 300 ms.
    clients.forEach((client, index) => latency.record(client, 200, 100 * (index + 1)));
    for (let round = 0; round < 100; round += 1)
      for (const client of clients) latency.record(client, 200, 10 + (round % 10));
    expect(latency.summary()).toEqual({
      p50: 14,
      p99: 19,
      firstAnswers: 3,
      slowestFirstAnswer: 300,
    });
  });

  it('counts only 2xx answers after the first, and each connection as new once', () => {
    const latency = new SteadyLatency();
    const client = {};
    latency.record(client, 503, 900);
    latency.record(client, 200, 5);
    latency.record(client, 500, 800);
    latency.record(client, 201, 7);
    expect(latency.summary()).toEqual({
      p50: 5,
      p99: 7,
      firstAnswers: 1,
      slowestFirstAnswer: 900,
    });
  });
});
