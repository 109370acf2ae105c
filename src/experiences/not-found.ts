import { NotFoundError, type SvcError } from '@svc/core';

/** An id of `experienceIds` is unknown or archived (HTTP 404 `experience 7 not found`). */
export class ExperienceNotFoundError extends NotFoundError {
  override name = 'ExperienceNotFoundError';
  /**
   * @param experienceId The id the platform could not serve.
   * @param cause The platform's 404, whose message this error keeps
   *   (`experiences of "shop": status 404: experience 7 not found`).
   */
  constructor(
    readonly experienceId: number,
    cause: SvcError,
  ) {
    // The platform's 404 already says what was done and what is missing: its message is kept whole.
    super('', cause.message, { status: 404, cause, detail: cause.detail });
  }
}
