/** The testing guide's @svc/mock/playwright example, exactly as written. */
export function guideExample(): string;
