import { describe, expect, it } from 'vitest';
import { globalPrivacyControl } from '../../src/core';

describe("globalPrivacyControl: Sec-GPC on the shop's request", () => {
  it("reads the web's Headers, in any case", () => {
    expect(globalPrivacyControl(new Headers({ 'Sec-GPC': '1' }))).toBe(true);
    expect(globalPrivacyControl(new Headers({ 'sec-gpc': ' 1 ' }))).toBe(true);
    expect(globalPrivacyControl(new Headers({ 'Sec-GPC': '0' }))).toBe(false);
    expect(globalPrivacyControl(new Headers())).toBe(false);
  });

  it("reads Node's headers: a string, or the first of several", () => {
    expect(globalPrivacyControl({ 'sec-gpc': '1', host: 'shop.example' })).toBe(true);
    expect(globalPrivacyControl({ 'Sec-GPC': ['1'] })).toBe(true);
    expect(globalPrivacyControl({ 'sec-gpc': 'yes' })).toBe(false);
    expect(globalPrivacyControl({ 'sec-gpc': undefined })).toBe(false);
    expect(globalPrivacyControl(undefined)).toBe(false);
  });
});
