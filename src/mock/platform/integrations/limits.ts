/**
 * What `inspect.runs` keeps, so a long test or the demo cannot grow without end: at most `runs`
 * runs and `bytes` of their payloads, results and logs (JSON characters), the oldest dropped
 * first and counted (`inspect.droppedRuns`); the newest run is always kept. Each run keeps at
 * most `logLines` log lines and `logCharacters` characters of them (the rest counted in its
 * `droppedLogLines`).
 */
export const RUN_LIMITS = { runs: 1000, bytes: 32 * 1024 * 1024, logLines: 1000, logCharacters: 256 * 1024 } as const;
