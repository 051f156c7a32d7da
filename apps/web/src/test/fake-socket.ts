/**
 * A stand-in for socket.io-client: no test opens a real connection. Each `io()` call creates a
 * FakeSocket recorded in `fakeSockets`; a test plays the server with `serverEmit`, `connectNow`
 * and `drop`, and reads what the client did from `calls` and `listenerCount`.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly url: string;
  readonly options: Record<string, unknown>;
  connected = false;
  active = true;
  /** What the client asked for, in order: 'connect', 'disconnect'. */
  readonly calls: string[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(url: string, options: Record<string, unknown>) {
    this.url = url;
    this.options = options;
  }

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event?: string, listener?: Listener) {
    if (event === undefined) this.listeners.clear();
    else if (listener === undefined) this.listeners.delete(event);
    else
      this.listeners.set(
        event,
        (this.listeners.get(event) ?? []).filter((item) => item !== listener),
      );
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  connect() {
    this.calls.push('connect');
    this.active = true;
    return this;
  }

  disconnect() {
    this.calls.push('disconnect');
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server sends an event to this socket. */
  serverEmit(event: string, ...args: unknown[]) {
    this.fire(event, ...args);
  }

  /** The handshake succeeds. */
  connectNow() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** The connection is lost for `reason`; 'io server disconnect' leaves the socket inactive. */
  drop(reason: string) {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** The handshake fails; a refusal by the server leaves the socket inactive. */
  fail(error: Error, { isRefusal = false } = {}) {
    this.connected = false;
    if (isRefusal) this.active = false;
    this.fire('connect_error', error);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function io(url: string, options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(url, options);
  fakeSockets.push(socket);
  return socket;
}
