/**
 * Requests Node's HTTP parser refuses before any handler runs (a request target with raw non-ASCII
 * bytes, as curl sends `?prefecture=東京都`; a malformed request line; headers over the limit) get a
 * problem JSON that says what to fix, instead of Node's default bodiless 400. Such a request never
 * reaches express, so there is no request id to echo: a fresh one names the answer.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** The status, problem code and detail for a parser error code (Node's `HPE_*` and `ERR_HTTP_*`). */
export function clientErrorProblem(code: string | undefined): { status: number; code: string; detail: string } {
  switch (code) {
    case 'HPE_INVALID_URL':
      return {
        status: 400,
        code: 'invalid_request_target',
        detail:
          'The request target may hold only ASCII characters: percent-encode the rest (東京都 is %E6%9D%B1%E4%BA%AC%E9%83%BD).',
      };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', detail: 'The request headers are too large.' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'body_too_large', detail: 'The chunk extensions are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', detail: 'The request was not received in time.' };
    default:
      return { status: 400, code: 'bad_request', detail: 'The request is not valid HTTP/1.1.' };
  }
}

/**
 * The server's `clientError` listener: answers with a problem unless a response is already being
 * written on the connection (where Node's default writes an empty 400), then closes it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has no one to tell, and a response already under way must not be corrupted.
  // Node's own default makes the same check (`_httpMessage` is the connection's current response; a
  // keep-alive connection that answered earlier requests may be answered again).
  const current = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(error.code);
  const traceId = randomUUID();
  const body = JSON.stringify({
    type: `/problems/${problem.code}`,
    title: STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    // The request target could not be read, so this occurrence is named by its trace id.
    instance: `urn:uuid:${traceId}`,
    code: problem.code,
    traceId,
  });
  const head = [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}`,
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${traceId}`,
    'Connection: close',
  ];
  // As Node's own default does: write (a small answer leaves at once) and close without reading the
  // rest, so a client still sending a huge request target is not kept waiting.
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy();
}
