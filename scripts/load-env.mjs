// Reads `.env` from a folder into process.env when the file is there (Node's own parser); a variable already set
// in the environment wins. `npm start` and `npm run dev` call it; .env.example lists every setting. A `.env` that
// cannot be read stops the start with one line saying why.
import { existsSync } from 'node:fs';
import path from 'node:path';

export function loadEnv(folder) {
  const file = path.join(folder, '.env');
  if (!existsSync(file)) return false;
  try {
    process.loadEnvFile(file);
  } catch (error) {
    console.error(`Could not read ${file}: ${error.message}`);
    process.exit(1);
  }
  return true;
}
