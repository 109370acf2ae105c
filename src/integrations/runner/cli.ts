#!/usr/bin/env node
// svc-integration command: placeholder until its issue lands.
console.error('svc-integration: not implemented yet');
process.exitCode = 2;
