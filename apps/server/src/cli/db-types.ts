import fs from 'node:fs';
import { TYPES_FILE, typesOfTheMigrations } from '../db/generate-types';

/** `npm run db:types`: writes db/types.ts from the migrations (run it after adding or changing one). */
fs.writeFileSync(TYPES_FILE, await typesOfTheMigrations());
console.log(`Wrote ${TYPES_FILE}`);
