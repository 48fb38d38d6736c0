#!/usr/bin/env node
// Placeholder entry point until the CLI issue lands: prints help or the version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
const arg = process.argv[2];
if (arg === '--version' || arg === '-v') console.log(version);
else console.log(`synapse ${version}\n\nUsage: synapse --help | --version`);
