/** The part of autocannon 9's programmatic API the load bench uses (the package ships no types). */
declare module "autocannon" {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Histogram;
    requests: Histogram & { total: number };
    statusCodeStats: Record<string, { count: number }>;
  }
  interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }
  /** A thenable, not a Promise: it has no `finally`. */
  export default function autocannon(options: AutocannonOptions): PromiseLike<AutocannonResult>;
}
