// The floor for api-overhead: the cheapest JSON answer Node's http module can give on this machine.
import { createServer } from 'node:http';

const body = JSON.stringify({ success: true, data: { status: 'ok' } });

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
