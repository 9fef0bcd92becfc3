/** The part of autocannon's API the scale benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  }
  interface Request {
    path?: string;
    /** Called before each request: returns the request to send (e.g. with another path). */
    setupRequest?: (request: { path: string }) => { path: string };
  }
  function autocannon(options: { url: string; connections: number; duration: number; requests?: Request[]; headers?: Record<string, string> }): Promise<Result>;
  export default autocannon;
}
