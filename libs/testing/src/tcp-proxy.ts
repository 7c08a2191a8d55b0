import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server, so one test can cut the database off (as if it went
 * down) and bring it back, without touching the server other test files share. Subclasses change what
 * passes through (`relay`); the listening, the upstream connection and the bookkeeping of open sockets
 * are this class's.
 */
export class TcpProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((client) => this.relay(client, this.connect(client)));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Refuses new connections and drops every open one. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** Listens again on the same port. */
  async restart(): Promise<void> {
    await this.start(this.port);
  }

  /** What passes between a client and its upstream connection: here, every byte both ways. */
  protected relay(client: Socket, upstream: Socket): void {
    client.pipe(upstream).pipe(client);
  }

  /** The client's upstream connection; either side closing or failing closes both. */
  private connect(client: Socket): Socket {
    const upstream = new Socket();
    upstream.connect(this.targetPort, this.targetHost);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    return upstream;
  }
}
