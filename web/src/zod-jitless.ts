// zod compiles its object parsers with `new Function` when the page allows it. Ours does not (the CSP
// has no 'unsafe-eval'), and zod's probe for it shows in the browser as a CSP violation on every
// page: parse without compiling, before any schema runs.
import { config } from 'zod';

config({ jitless: true });
