import { createSocket, RemoteInfo, Socket } from 'node:dgram';

/** How the server answers one name: its A and AAAA records, after `delayMs` (or never, with `hang`). */
export interface DnsAnswer {
  a?: string[];
  aaaa?: string[];
  delayMs?: number;
  hang?: boolean;
  ttl?: number;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

/**
 * A small authoritative DNS server over UDP on a loopback port, for tests: answers the A and AAAA
 * questions of the names in `records` (NXDOMAIN for any other name), each as slowly as its entry says,
 * and counts the questions it got and how many it held unanswered at most at once. Point the service at
 * it with WEBHOOK_DNS_SERVERS=127.0.0.1:<port>.
 */
export class DnsServer {
  readonly records = new Map<string, DnsAnswer>();
  /** Every question received: the name, its type (`A` or `AAAA`) and when it came. */
  readonly questions: { name: string; type: string; at: number }[] = [];
  /** The most questions held unanswered at one time (a question never answered stays pending). */
  maxPending = 0;
  private pending = 0;
  private socket: Socket | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  async start(): Promise<this> {
    this.socket = createSocket('udp4');
    this.socket.on('message', (message, peer) => this.answer(message, peer));
    await new Promise<void>((resolve) => this.socket!.bind(0, '127.0.0.1', () => resolve()));
    return this;
  }

  get port(): number {
    return this.socket!.address().port;
  }

  /** The WEBHOOK_DNS_SERVERS value that points at this server. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
    this.socket = null;
  }

  private answer(query: Buffer, peer: RemoteInfo): void {
    // Header (12 bytes), then the question: labels, a zero byte, QTYPE, QCLASS.
    const labels: string[] = [];
    let offset = 12;
    while (query[offset] !== 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString('ascii'));
      offset += query[offset] + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const typeName = type === TYPE_A ? 'A' : type === TYPE_AAAA ? 'AAAA' : String(type);
    this.questions.push({ name, type: typeName, at: Date.now() });
    const entry = this.records.get(name);
    this.pending++;
    this.maxPending = Math.max(this.maxPending, this.pending);
    if (entry?.hang) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending--;
      const addresses = (type === TYPE_A ? entry?.a : type === TYPE_AAAA ? entry?.aaaa : []) ?? [];
      const answers = addresses.map((address) => {
        const data = type === TYPE_A ? Buffer.from(address.split('.').map(Number)) : ipv6(address);
        const record = Buffer.alloc(12);
        record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
        record.writeUInt16BE(type, 2);
        record.writeUInt16BE(1, 4); // IN
        record.writeUInt32BE(entry?.ttl ?? 60, 6);
        record.writeUInt16BE(data.length, 10);
        return Buffer.concat([record, data]);
      });
      const header = Buffer.alloc(12);
      query.copy(header, 0, 0, 2); // the query's id
      header.writeUInt16BE(0x8400 | 0x0100 | (entry ? 0 : 3), 2); // response, authoritative, RD; NXDOMAIN
      header.writeUInt16BE(1, 4);
      header.writeUInt16BE(answers.length, 6);
      const response = Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
      this.socket?.send(response, peer.port, peer.address);
    }, entry?.delayMs ?? 0);
    this.timers.add(timer);
  }
}

/** The 16 bytes of an IPv6 address written with `::` or in full (no embedded IPv4). */
function ipv6(address: string): Buffer {
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}
