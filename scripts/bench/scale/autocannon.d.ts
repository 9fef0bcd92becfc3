/** The part of autocannon's API the scale benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  }
  /** What one request sends; `setupRequest` may change any of it. */
  export interface RequestShape {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Request {
    path?: string;
    method?: string;
    /** Called before each request: returns the request to send (e.g. with another path). */
    setupRequest?: (request: RequestShape) => RequestShape;
    /** Called with each reply to this request (its body as text). */
    onResponse?: (status: number, body: string) => void;
  }
  export interface Options {
    url: string;
    connections: number;
    /** Seconds to run (when `amount` is not given). */
    duration?: number;
    /** Requests to send in all, then stop. */
    amount?: number;
    requests?: Request[];
    headers?: Record<string, string>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
