// `npm run record-charity-transfer -- --charity givedirectly --cents 125000 --reference "ACH 2026-12-01 #4471"`:
// record a real transfer of forfeited money to a charity in the ledger (DATABASE_URL, or the embedded
// database in DATA_DIR). The transparency page lists it with its date and reference.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FORFEIT_DESTINATION_IDS, formatCents } from '@kept/domain';
import { loadConfig } from '../config.ts';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { TransferRefused, recordCharityTransfer } from '../modules/transparency/record-charity-transfer.ts';

const USAGE = `usage: npm run record-charity-transfer -- --charity <${FORFEIT_DESTINATION_IDS.join('|')}> --cents <N> --reference <text>`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      charity: { type: 'string' },
      cents: { type: 'string' },
      reference: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.charity || !values.cents || !values.reference) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), {
      info: () => {},
      warn: (m: string) => console.warn(m),
    });
    url = embedded.url;
  }
  const database = connectDatabase(url, 2);
  try {
    await runMigrations(database);
    const result = await recordCharityTransfer(database.db, {
      charityId: values.charity,
      amountCents: /^\d+$/.test(values.cents) ? Number(values.cents) : Number.NaN,
      reference: values.reference,
    });
    if (!result.recorded) console.log(`already recorded: ${values.reference}`);
    else
      for (const share of result.shares)
        console.log(`recorded ${formatCents(share.amountCents)} to ${share.charityId} (${values.reference})`);
    return 0;
  } catch (err) {
    if (err instanceof TransferRefused) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

process.exitCode = await main();
