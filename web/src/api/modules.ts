// "Is this module open?" for every page: protocol's rule (a missing switch is closed) over the
// config answer, and 'loading' until that answer is known — a page renders neither its module's
// actions nor the "not open" notice while loading (docs/business-rules.md "Product modules").
import { type ModuleKey, moduleOpen } from '@free/protocol/modules';
import { type SystemConfig, useConfig } from './config';

export type ModuleState = 'open' | 'closed' | 'loading';

/** A module's state from a config answer (undefined: not known yet). */
export const moduleState = (config: SystemConfig | undefined, key: ModuleKey): ModuleState =>
  config === undefined ? 'loading' : moduleOpen(config.modules, key) ? 'open' : 'closed';

export function useModuleOpen(key: ModuleKey): ModuleState {
  return moduleState(useConfig().data, key);
}
