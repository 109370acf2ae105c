import type { NextConfig } from 'next';

// The shop is a project of its own: its dependencies, the built @svc packages included, are in its node_modules.
const nextConfig: NextConfig = {
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
};

export default nextConfig;
