import type { CallbackData } from './types';

/** Encodes what a callback URL names as base64url (no padding) JSON: the `data` query parameter. */
export function encodeCallbackData(data: CallbackData): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes and validates a callback's `data`; `undefined` when it is not one the platform made. */
export function decodeCallbackData(value: string | null): CallbackData | undefined {
  if (!value || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  let parsed: unknown;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return undefined;
  }
  const d = parsed as Partial<CallbackData> | null;
  if (
    typeof d !== 'object' ||
    d === null ||
    typeof d.trackingId !== 'string' ||
    !Number.isSafeInteger(d.experience) ||
    !Number.isSafeInteger(d.iteration) ||
    !Number.isSafeInteger(d.variation) ||
    typeof d.contextId !== 'string' ||
    typeof d.isControl !== 'boolean'
  ) {
    return undefined;
  }
  const { trackingId, experience, iteration, variation, contextId, isControl } = d as CallbackData;
  return { trackingId, experience, iteration, variation, contextId, isControl };
}
