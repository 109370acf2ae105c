import type { Server } from 'node:http';
/** The address people open. */
export declare function urlOf(host: string, port: number): string;
/** Listens on `port` and `host`; a port that is taken rejects with a one-line message saying what to do. */
export declare function listen(port: number, host: string): Promise<Server>;
/** PORT and HOST from the environment, checked. */
export declare function address(env?: NodeJS.ProcessEnv): { port: number; host: string };
