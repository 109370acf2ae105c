import type { MockPlatform } from '../../src/mock';

type Variations = Parameters<MockPlatform['admin']['experiences']['create']>[1]['variations'];

/** Property `shop` (cookies on `.shop.example`) running experience 1, "Hero", with these variations. */
export function seedHero(platform: MockPlatform, variations: Variations): void {
  platform.admin.createProperty('shop', { cookieDomains: ['.shop.example'] });
  platform.admin.experiences.create('shop', { id: 1, name: 'Hero', variations });
}
