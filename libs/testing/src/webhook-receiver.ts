import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  path: string;
}

export interface ReceiverAnswer {
  status: number;
  /** Wait this long before answering. */
  delayMs?: number;
  headers?: Record<string, string>;
  /** Never answer (the connection stays open until the receiver stops or the client gives up). */
  hang?: boolean;
}

/**
 * A real webhook receiver on a loopback port: records every request (headers, raw body, arrival time,
 * path) and answers as `answer` says — by default 200 at once. Counts TCP connections, and the requests
 * open at once (received, not yet answered or given up by the client).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  connections = 0;
  open = 0;
  maxOpen = 0;
  answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => ({ status: 200 });
  private server: Server | null = null;
  private waiters: (() => void)[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.maxOpen = Math.max(this.maxOpen, ++this.open);
      res.on('close', () => this.open--);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const request = {
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
          path: req.url ?? '/',
        };
        const index = this.received.push(request) - 1;
        for (const wake of this.waiters.splice(0)) wake();
        const answer = this.answer(request, index);
        if (answer.hang) return;
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          res.end('ok');
        }, answer.delayMs ?? 0);
      });
    });
    this.server.on('connection', () => this.connections++);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests whose body is the event of this id (its webhook-id). */
  forEvent(eventId: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.headers['webhook-id'] === eventId);
  }

  /** Resolves once `predicate` holds over what was received, or rejects after `timeoutMs`. */
  async waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`webhook receiver: condition not met within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}

/**
 * Receivers for one spec file: `receiver()` starts one, and every one started is stopped after the file's
 * tests (jest's afterAll; registered when this is called, so call it in the describe block).
 */
export function webhookReceivers(): () => Promise<WebhookReceiver> {
  const started: WebhookReceiver[] = [];
  afterAll(async () => {
    for (const r of started) await r.stop();
  });
  return async () => {
    const r = await new WebhookReceiver().start();
    started.push(r);
    return r;
  };
}
