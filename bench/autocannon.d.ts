// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Percentiles = {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p99: number;
    total: number;
  };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    title?: string;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
