/**
 * A GraphQL multipart request (the graphql-multipart-request-spec graphql-upload reads) sent with
 * node:http over keep-alive sockets. The body is written as three buffers, the file's bytes shared by
 * every request, so the load generator spends little of the machine's CPU on it (fetch with FormData
 * cost it more than 5 ms per 200 kB request).
 */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { randomBytes } from 'node:crypto';

/** An agent keeping up to `connections` sockets open, like a load generator's connections. */
export function keepAliveAgent(connections) {
  return new http.Agent({ keepAlive: true, maxSockets: connections });
}

/**
 * POSTs `operations` (query and variables, the file's variable null) with `file` as that variable;
 * resolves with the status and the parsed JSON body.
 */
export function postMultipart(url, { agent, headers, operations, fileVariable, file }) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify(operations)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n` +
      `${JSON.stringify({ 0: [`variables.${fileVariable}`] })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.bytes.length + tail.length,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.write(head);
    request.write(file.bytes);
    request.end(tail);
  });
}
