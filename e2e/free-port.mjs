// Prints a free TCP port on 127.0.0.1, so `make test` never collides with a
// server already listening on Playwright's default port (another run, a preview).
import { createServer } from 'node:net';

const server = createServer().listen(0, '127.0.0.1', () => {
  console.log(server.address().port);
  server.close();
});
