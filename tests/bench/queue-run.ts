/**
 * What the benches read off an autocannon run, and the runs whose requests each spend something of
 * their own (a bag placed, a time held): each request takes the next of a queue, once.
 */
import autocannon from 'autocannon';

export interface RunResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answers by status, printed when some were not 2xx (a 409 of the bag and a 500 mean different things). */
  statuses: string;
}

export function resultOf(result: autocannon.Result): RunResult {
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .map(([status, stat]) => `${stat.count ?? 0}× ${status}`)
      .join(', '),
  };
}

export interface QueuedRequest {
  headers: Record<string, string>;
  body: string;
}

/** POSTs each of `queue` once to `path` over `connections` connections; `answered` gets each answer's status and body. */
export function sendQueue(base: string, path: string, queue: readonly QueuedRequest[], connections: number, answered?: (status: number, body: string) => void): Promise<RunResult> {
  const left = [...queue];
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        amount: queue.length,
        requests: [
          {
            method: 'POST',
            path,
            setupRequest: (request) => {
              const next = left.shift();
              return next ? { ...request, headers: next.headers, body: next.body } : request;
            },
            ...(answered ? { onResponse: (status: number, body: string) => answered(status, body) } : {}),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(resultOf(result))),
    );
  });
}
