import { vi } from 'vitest';

type Listener = (event: { loaded?: number; total?: number; lengthComputable?: boolean }) => void;

/** A stand-in XMLHttpRequest that a test drives by hand: progress, answer, failure. */
export class FakeXhr {
  /** Every request opened since install(), oldest first. */
  static requests: FakeXhr[] = [];

  /** The request opened `index`-th since install(); fails the test when there is none. */
  static at(index: number): FakeXhr {
    const request = FakeXhr.requests[index];
    if (!request) throw new Error(`Only ${FakeXhr.requests.length} upload requests were opened.`);
    return request;
  }

  /** The multipart body that was sent. */
  get form(): FormData {
    if (!(this.sent instanceof FormData)) throw new Error('The request did not send form data.');
    return this.sent;
  }

  static install() {
    FakeXhr.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers = new Map<string, string>();
  sent: unknown = null;
  isAborted = false;
  private listeners = new Map<string, Listener[]>();
  private uploadListeners = new Map<string, Listener[]>();
  upload = {
    addEventListener: (type: string, listener: Listener) =>
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
  };

  constructor() {
    FakeXhr.requests.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.isAborted = true;
    this.emit('abort');
  }
  emit(type: string, event: Parameters<Listener>[0] = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    for (const listener of this.uploadListeners.get('progress') ?? [])
      listener({ loaded, total, lengthComputable });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.emit('load');
  }
}
