import { Agent, request } from 'node:http';

/**
 * The load generator's sends. WHATWG `fetch` costs several times what a plain `node:http`
 * request does in CPU, and the generator shares the machine's two cores with the servers it
 * measures: every millisecond it spends is one the servers lose. Keep-alive connections, as a
 * browser would hold them.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export interface JsonAnswer {
  status: number;
  body: string;
}

/** POSTs a JSON body with an Authorization header; answers the status and the raw body. */
export function postJson(url: string, authorization: string, payload: unknown): Promise<JsonAnswer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
