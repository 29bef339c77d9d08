import { randomBytes } from 'node:crypto';

/** An HTTP answer of the stand-in's API. */
export type Answer = { readonly status: number; readonly body: unknown };

/** PayPal's error body: `name`, `message`, `debug_id`, `details[].issue` and a link per issue. */
export function paypalError(status: number, name: string, message: string, issue?: string, description?: string): Answer {
  return {
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(6).toString('hex'),
      details: issue ? [{ issue, description: description ?? message }] : [],
      links: issue ? [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`, rel: 'information_link' }] : [],
    },
  };
}

export const unprocessable = (issue: string, description: string): Answer =>
  paypalError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issue, description);

export const invalid = (issue: string, description: string): Answer =>
  paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, description);

export const notFound = (what: string): Answer => paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', `${what} does not exist.`);

export const isAnswer = (x: object): x is Answer => 'status' in x && 'body' in x;
