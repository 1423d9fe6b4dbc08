import fs from 'node:fs';
import { typesOfTheMigrations, typesPath } from '../db/generate-types';

/** `npm run db:types`: writes db/types.ts and its table files from the migrations (run it after adding or changing one). */
for (const [file, text] of Object.entries(await typesOfTheMigrations())) {
  fs.writeFileSync(typesPath(file), text);
  console.log(`Wrote ${typesPath(file)}`);
}
