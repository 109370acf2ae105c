import { NotFoundError } from '../core/errors';

/** An id of `experienceIds` is unknown or archived (HTTP 404 `experience 7 not found`). */
export class ExperienceNotFoundError extends NotFoundError {
  override name = 'ExperienceNotFoundError';
  /** The id the platform could not serve. */
  readonly experienceId: number;
  constructor(experienceId: number, trackingId: string, cause: unknown) {
    super('NOT_FOUND', `experience ${experienceId} not found in "${trackingId}" (unknown or archived)`, { status: 404, cause });
    this.experienceId = experienceId;
  }
}
