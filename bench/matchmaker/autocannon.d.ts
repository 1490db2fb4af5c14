/** The part of autocannon's API (MIT, no types of its own) that the serving bench's load generator uses. */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface RequestSpec extends Request {
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  export interface Options extends Request {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: RequestSpec[];
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number };
    throughput: { total: number };
  }
  export interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: 'start', listener: () => void): this;
  }
  export default function autocannon(options: Options): Instance;
}
