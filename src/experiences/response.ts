import { ProtocolError } from '../core/errors';
import type { JsonObject } from '../core/http';
import type { ExperiencePayload } from './types';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A positive safe integer: experience and variation ids. */
export const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Checks a 200 body against PROTOCOL.md's shape before anything uses it; `PROTOCOL` otherwise. */
export function readExperiences(body: JsonObject, what: string): { experiencePayloads: ExperiencePayload[]; contextId: string; cookieDomains: string[] } {
  const fail = (reason: string): never => {
    throw new ProtocolError('PROTOCOL', `${what}: response ${reason}`, { status: 200 });
  };
  const { experiencePayloads, contextId, cookieDomains } = body;
  if (!Array.isArray(experiencePayloads)) fail('has no "experiencePayloads" array');
  if (typeof contextId !== 'string' || !contextId) fail('has no "contextId" string');
  if (!Array.isArray(cookieDomains) || !cookieDomains.every((d) => typeof d === 'string')) fail('has no "cookieDomains" array of strings');
  (experiencePayloads as unknown[]).forEach((p, i) => {
    if (
      !isObject(p) ||
      !isObject(p.payload) ||
      typeof p.isControl !== 'boolean' ||
      !isId(p.id) ||
      !isId(p.variation) ||
      typeof p.callback !== 'string' ||
      !/^https?:\/\//i.test(p.callback)
    ) {
      fail(`experiencePayloads[${i}] is not {payload, isControl, id, callback, variation}`);
    }
  });
  return { experiencePayloads: experiencePayloads as ExperiencePayload[], contextId: contextId as string, cookieDomains: cookieDomains as string[] };
}
