/**
 * The end of a connection whose post was answered before its body was read (refused for its size,
 * or sent where no form takes it). Closing at once, with the visitor's bytes still arriving, resets
 * the connection, and a client busy sending then loses the answer it was sent (RFC 9112 §9.6 asks
 * for a staged close). So the rest is read and thrown away, never kept, for a moment and a few
 * megabytes at most, time enough for the client to read the answer and stop; then it is closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TEXT_BYTES } from './post-budget.ts';

const MiB = 1024 * 1024;

export function closeAfterAnswer(request: IncomingMessage, response: ServerResponse, most = { bytes: 16 * MiB, ms: 10_000 }): void {
  // Node closes at once after the answer when the client said `Connection: close` (curl, scripts);
  // an answer that says keep-alive leaves the closing to the staged close below.
  if (!request.complete) response.setHeader('connection', 'keep-alive');
  response.once('finish', () => {
    // All of it has arrived already: Node throws away what is unread and the connection goes on.
    if (request.complete) return;
    let thrownAway = 0;
    const close = () => {
      clearTimeout(timer);
      // Destroying the request closes its connection.
      request.destroy();
    };
    const timer = setTimeout(close, most.ms);
    timer.unref();
    request.once('end', () => clearTimeout(timer));
    request.once('close', () => clearTimeout(timer));
    // A multipart parser left half way lets go of it first.
    request.unpipe();
    request.on('data', (chunk: Buffer) => {
      thrownAway += chunk.length;
      if (thrownAway > most.bytes) close();
    });
    request.resume();
  });
}

/**
 * A post answered before its body is read: a small form body Node throws away itself and the
 * connection stays open; a multipart, large or unsized one is drained for a moment, then closed.
 */
export function leaveUnread(request: FastifyRequest, reply: FastifyReply): void {
  const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
  if (multipart || !(Number(request.headers['content-length']) <= TEXT_BYTES)) closeAfterAnswer(request.raw, reply.raw);
}
