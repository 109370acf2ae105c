import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useMockPlatform } from '../support/mock-server';
import { RenderPropWidget, Widget } from './widget';

// Server rendering in Node (no window, no document): the hook renders `loading` and asks nothing;
// `get` runs after hydration (test/react/hook.test.tsx).
const mock = useMockPlatform();

describe('@svc/react on the server', () => {
  it('renders loading without window and sends nothing', async () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <StrictMode>
        <Widget config={{ limit: 3 }} />
        <RenderPropWidget />
      </StrictMode>,
    );
    expect(html).toBe('<p class="recs">Loading…</p><p>loading</p>');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await mock.sent()).toEqual([]);
  });

  it('renders a refused config as loading too (the refusal is an answer after hydration)', () => {
    expect(renderToString(<Widget config={{ limit: 0 }} />)).toBe('<p class="recs">Loading…</p>');
  });
});
