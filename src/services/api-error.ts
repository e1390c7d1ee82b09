import { NBSP } from '../domain/format.ts';

/** What a call that got no answer says (network down, or the client's own code not fetched). */
export const NO_ANSWER_TEXT = `Le serveur ne répond pas${NBSP}: vérifiez votre connexion.`;

/** A failed call: its message says in French what happened (see failureReason). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The answer's body, unparsed: what a caller that expects more (a 409's new quote) reads with its own schema. */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
