import { createPlatformRoute } from '@svc/proxy';

const route = createPlatformRoute({ prefix: '/svc', upstream: process.env.SVC_ENDPOINT });

export const GET = route;
export const POST = route;
// Every request, with its cookies: never cached by Next.js.
export const dynamic = 'force-dynamic';
