/**
 * Writes the demo dealers' brand marks (`dealers/assets/<dealer>/brands/<make>.svg`) for every
 * make whose tile logo is a file under /assets/brands/. Run after adding a make to a demo dealer:
 *   npx tsx scripts/demo-brand-marks/draw.ts
 */
import { writeFileSync } from 'node:fs';
import { demoBrandMarkFiles } from './files';

for (const file of demoBrandMarkFiles()) {
  writeFileSync(file.path, file.svg);
  console.log(`wrote ${file.path}`);
}
