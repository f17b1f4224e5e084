import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { createSecretBox } from './platform/secret-box';
import { loadSecretKeyRing } from './platform/secret-keys';
import { rotateSealedValues } from './platform/secret-rotation';
import { sealedColumns } from './sealed-columns';

/**
 * `npm run secrets:rotate`: re-seals every secret under MERIDIAN_SECRET_KEY, opening the old
 * ones with MERIDIAN_SECRET_KEY_PREVIOUS (README "Rotating the secret key"). Same environment
 * as `npm start`; run again after a crash, it carries on with what is left.
 */
async function rotate(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const box = createSecretBox(await loadSecretKeyRing(database.db, config));
    console.log(`Re-sealing secrets under key ${box.currentKeyId}…`);
    const report = await rotateSealedValues(database.db, box, sealedColumns);
    const total = Object.values(report.resealed).reduce((sum, count) => sum + count, 0);
    const parts = Object.entries(report.resealed).map(([label, count]) => `${count} ${label}`);
    console.log(`Re-sealed ${total} secrets (${parts.join(', ')}).`);
    if (report.unopenable === 0) return 0;
    console.error(
      `${report.unopenable} secrets open with none of the keys given and were left as they ` +
        'are: add the key that sealed them to MERIDIAN_SECRET_KEY_PREVIOUS and run this again.',
    );
    return 1;
  } finally {
    await database.close();
  }
}

rotate().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
