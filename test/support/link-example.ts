/**
 * Links examples/product-service to the root's installed packages (its node_modules is not
 * committed) before the generator suite, whose tests start the example's servers and benchmark.
 */
import { example, linkRootModules } from './helpers.js';

linkRootModules(example);
