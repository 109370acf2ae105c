import type { Bus } from './bus';
import type { Clock } from './clock';
import type { Properties } from './properties';

/** What every area of the platform shares. Areas talk to each other only through the bus. */
export interface PlatformContext {
  clock: Clock;
  bus: Bus;
  properties: Properties;
}
