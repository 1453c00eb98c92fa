import type { DbOrTx } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import type { SmsMessageStore, SmsRecord } from '../../providers/sms/sms.ts';

/**
 * The sms_messages table as the SMS provider's store: the provider knows the interface, not the
 * schema.
 * @param db - database
 */
export function createSmsMessageStore(db: DbOrTx): SmsMessageStore {
  return {
    record: async (message: SmsRecord) => {
      await db.insert(smsMessages).values(message);
    },
  };
}
