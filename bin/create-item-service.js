#!/usr/bin/env node
import { main } from '../dist/cli/cli.js';

process.exitCode = await main(process.argv.slice(2));
