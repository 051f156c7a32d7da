import type { TErrorBody, TFailure } from '@medhire/contract/envelope';
import type { FastifyReply } from 'fastify';

export function failureBody(error: TErrorBody): TFailure {
  const body: TFailure = { success: false, error: { message: error.message, code: error.code } };
  if (error.details !== undefined) body.error.details = error.details;
  return body;
}

/**
 * Sends the failure envelope as plain JSON. Route response schemas are bypassed on
 * purpose: a failure must never be rejected by the serializer of the success shape.
 */
export function sendFailure(reply: FastifyReply, status: number, error: TErrorBody): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(failureBody(error));
}
