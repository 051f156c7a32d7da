import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/**
 * Real socket.io clients for tests, each remembered in `clients` so the file's afterEach or
 * afterAll can disconnect them all.
 */
export function socketClients() {
  const clients: Socket[] = [];

  /** A client connecting with the session token; it does not reconnect by itself unless told. */
  function openSocket(
    address: string,
    token: string,
    options: Partial<ManagerOptions & SocketOptions> = {},
  ): Socket {
    const socket = connect(address, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
      ...options,
    });
    clients.push(socket);
    return socket;
  }

  /** A client once connected; rejects with the server's refusal. */
  async function connectedClient(address: string, token: string): Promise<Socket> {
    const socket = openSocket(address, token);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  function disconnectAll(): void {
    for (const client of clients.splice(0)) client.disconnect();
  }

  return { openSocket, connectedClient, disconnectAll };
}

/** The reason the socket's connection ends, or a rejection when it stays connected. */
export function disconnection(socket: Socket, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The socket stayed connected.')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
