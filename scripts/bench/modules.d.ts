// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p97_5: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Stop after this many requests (instead of `duration`). */
    amount?: number;
    overallRate?: number;
    title?: string;
    /** Per-request setup: `setupRequest` may change path and headers of each request. */
    requests?: { setupRequest?: (req: { path: string; headers: Record<string, string> }) => unknown }[];
  }
  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): unknown;
  export default autocannon;
}

// What grid.mjs keeps in the benchmarked page between keystrokes.
interface Window {
  __keyLat: number[];
  __armed: boolean;
}
