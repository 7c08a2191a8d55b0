import { connect, Socket } from 'node:net';

/**
 * A raw connection to a server: lets a test hold a request half-sent (in flight) across a shutdown.
 * `received()` is all the server sent so far; `closed` settles with `closed` or `error <code>`.
 */
export function openSocket(
  baseUrl: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<string> }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<string>((res) => {
      socket.on('error', (error: NodeJS.ErrnoException) => res(`error ${error.code}`));
      socket.on('close', () => res('closed'));
    });
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}
