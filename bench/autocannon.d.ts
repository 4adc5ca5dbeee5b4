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
    /** Answers with a 2xx status. */
    '2xx': number;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  };
  /** One request of a sequence each connection cycles through; its context is reset every cycle. */
  export type RequestData = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };
  export type Request<Context = Record<string, unknown>> = RequestData & {
    setupRequest?: (request: RequestData, context: Context) => RequestData | null | undefined;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    title?: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    requests?: Request<any>[];
  };
  export default function autocannon(options: Options): Promise<Result>;
}
