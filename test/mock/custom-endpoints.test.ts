import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';

// createHandlers normalises the base URLs it is given as request URLs arrive (lower-case host, no
// default port, no trailing slash), so every route matches whatever spelling the customer used.
useMockPlatform({ endpoints: { recs: 'https://Example.COM:443/api/' } });

describe('custom endpoints', () => {
  it('an unknown path under https://Example.COM:443/api/ answers the protocol 404', async () => {
    const response = await fetch('https://example.com/api/nothing/here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: 'The requested URL was not found on the server.' });
  });

  it('the recommendations route answers there too', async () => {
    const response = await fetch('https://example.com/api/vc/recommend/2.1/unknown_shop?strategy=popular', {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, result: { items: [] } });
  });
});
