import { isHttpUrl, isObject, type JsonObject, ProtocolError } from '@svc/core';
import { isContextId } from './context-id';
import type { ExperiencePayload, Experiences } from './types';

/** Accepts or refuses one value. */
type Check = (value: unknown) => boolean;
/** A JSON shape: a check, an object's fields, or `[item]` for a list of items. */
type AnswerShape = Check | [AnswerShape] | { [field: string]: AnswerShape };

const isString: Check = (value) => typeof value === 'string';
/** A positive safe integer: experience and variation ids. */
export const isPositiveId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
/** An absolute http(s) URL with a host: the endpoint option and callbacks. */
export const isUrl = isHttpUrl;

/** PROTOCOL.md's 200 body of `GET .../experiences`, field by field. */
const RESPONSE: { [field in Exclude<keyof Experiences, 'generated'>]: AnswerShape } = {
  experiencePayloads: [
    {
      payload: isObject,
      isControl: (value) => typeof value === 'boolean',
      id: isPositiveId,
      callback: isUrl,
      variation: isPositiveId,
    } satisfies { [field in keyof ExperiencePayload]: AnswerShape },
  ],
  // The rule `seen` and `contextCookie` apply: an answer's id is one they accept.
  contextId: isContextId,
  cookieDomains: [isString],
};

/** The path of the first value `shape` refuses (`response.experiencePayloads[0].id`), else undefined. */
function refused(value: unknown, shape: AnswerShape, path: string): string | undefined {
  if (typeof shape === 'function') return shape(value) ? undefined : path;
  const list = Array.isArray(shape);
  if (list ? !Array.isArray(value) : !isObject(value)) return path;
  const fields = value as Record<string, unknown>;
  for (const key of list ? Object.keys(fields) : Object.keys(shape)) {
    const bad = refused(
      fields[key],
      list ? shape[0] : (shape as Record<string, AnswerShape>)[key],
      list ? `${path}[${key}]` : `${path}.${key}`,
    );
    if (bad) return bad;
  }
}

/**
 * Checks a 200 body against PROTOCOL.md's shape before anything uses it (`PROTOCOL` naming the
 * first bad field otherwise) and returns its fields, `generated` added: the platform's contextId
 * is not the one `sent` (none was, or the platform replaced it).
 */
export function readExperiences(body: JsonObject, action: string, sent: string | undefined): Experiences {
  const bad = refused(body, RESPONSE, 'response');
  if (bad) throw new ProtocolError(action, `invalid ${bad}`, { status: 200 });
  const { experiencePayloads, contextId, cookieDomains } = body as unknown as Experiences;
  return { experiencePayloads, contextId, cookieDomains, generated: contextId !== sent };
}
