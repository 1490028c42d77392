// A tiny static file server for the built playground, on the loopback interface only.
// `node --import tsx playground/serve.ts [port]` (npm run playground) builds the page, then serves it.
import { readFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_OUT_DIR, buildPlayground } from './build.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

/** A running server: its address and how to stop it. */
export interface Serving {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the files of `dir` on 127.0.0.1 (`port` 0 picks a free one). Nothing outside `dir` is reachable. */
export function serveFolder(dir: string, port = 0): Promise<Serving> {
  const base = normalize(dir + sep);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = normalize(join(base, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found'),
    );
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolvePromise({
        url: `http://127.0.0.1:${actual}/`,
        server,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 5178);
  const built = await buildPlayground(DEFAULT_OUT_DIR);
  const serving = await serveFolder(built.outDir, port);
  console.log(`jsonmend playground: ${serving.url}  (Ctrl+C to stop; built ${(built.bytes.total / 1024).toFixed(1)} KB into ${built.outDir})`);
}
