/**
 * Loan reminders (decision 076): every LOAN_REMINDER_SECONDS a job (`loanReminders`, lib/jobs.ts)
 * reminds each member of a copy due within `REMIND_BEFORE_DAYS` days or overdue, in the member's
 * language, by WhatsApp where it is configured (the approved template WHATSAPP_LOAN_TEMPLATE),
 * else by e-mail when the member has an address — through the outbox. A loan is reminded at most
 * once a week (`reminded_at`, claimed by the same UPDATE that checks it, so two copies running at
 * once remind once), never at night: a run between 20:00 and 08:00 India time reminds no one and
 * the next daytime run does. Members whose reminders are off, or who were removed from the
 * lending list, are not reminded; loans without a due date never are.
 */
import type { InterfaceLanguage } from '@jsbn/shared';
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { books, holdings, libraries, loans, members } from '../../db/schema.js';
import { exportDate } from '../../lib/excel.js';
import { noticeText } from '../../lib/notices.js';
import { enqueueMessage } from '../../lib/outbox.js';
import { addDays, indiaDay, indiaHour } from './dates.js';

/** A copy due within this many days is reminded of before its due date. */
export const REMIND_BEFORE_DAYS = 3;
/** A loan is reminded at most once in this many days. */
export const REMIND_EVERY_DAYS = 7;
/** Reminders go out from this hour (India time, inclusive) … */
export const DAY_STARTS_HOUR = 8;
/** … until this hour (exclusive): never at night. */
export const DAY_ENDS_HOUR = 20;

/** What one reminder says. */
export interface LoanReminder {
  lng: InterfaceLanguage;
  name: string;
  title: string;
  copy: string;
  library: string;
  lentOn: string;
  dueOn: string;
  overdue: boolean;
}

const day = (value: string) => exportDate(`${value}T12:00:00Z`);

/** The reminder's subject, in the member's language. */
export const reminderSubject = (reminder: LoanReminder) =>
  noticeText(reminder.lng, 'loanReminder.subject', { library: reminder.library, title: reminder.title });

/** The reminder's text, in the member's language: due back on the day, or was due back. */
export const reminderText = (reminder: LoanReminder) =>
  noticeText(reminder.lng, reminder.overdue ? 'loanReminder.overdue' : 'loanReminder.dueSoon', {
    name: reminder.name,
    title: reminder.title,
    copy: reminder.copy,
    library: reminder.library,
    lent: day(reminder.lentOn),
    due: day(reminder.dueOn),
  });

/**
 * One run: reminds the members of the loans due within `REMIND_BEFORE_DAYS` days or overdue and
 * not reminded in the last `REMIND_EVERY_DAYS` days; nothing at night (India time).
 * @returns how many reminders were queued
 */
export async function runLoanReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const hour = indiaHour(now);
  if (hour < DAY_STARTS_HOUR || hour >= DAY_ENDS_HOUR) return 0;
  const today = indiaDay(now);
  const lastWeek = new Date(now.getTime() - REMIND_EVERY_DAYS * 24 * 60 * 60 * 1000);
  const notRemindedSince = or(isNull(loans.reminded_at), lte(loans.reminded_at, lastWeek))!;
  const due = await ctx.db
    .select({
      id: loans.id,
      lent_on: loans.lent_on,
      due_on: loans.due_on,
      accession_number: holdings.accession_number,
      title: sql<string>`coalesce(${books.book_title}, ${holdings.title}, '')`,
      name: members.name,
      phone: members.phone,
      email: members.email,
      language: members.language,
      library: libraries.name,
    })
    .from(loans)
    .innerJoin(members, eq(members.id, loans.member_id))
    .innerJoin(holdings, eq(holdings.id, loans.holding_id))
    .innerJoin(libraries, eq(libraries.id, loans.library_id))
    .leftJoin(books, eq(books.id, holdings.book_id))
    .where(
      and(
        isNull(loans.returned_on),
        isNotNull(loans.due_on),
        lte(loans.due_on, addDays(today, REMIND_BEFORE_DAYS)),
        notRemindedSince,
        eq(members.reminders, true),
        eq(members.active, true),
      ),
    )
    .orderBy(asc(loans.id));
  let queued = 0;
  for (const loan of due) {
    const whatsapp = ctx.config.useWhatsapp;
    if (!whatsapp && !loan.email) continue;
    const reminder: LoanReminder = {
      lng: loan.language,
      name: loan.name,
      title: loan.title,
      copy: loan.accession_number,
      library: loan.library,
      lentOn: loan.lent_on,
      dueOn: loan.due_on!,
      overdue: loan.due_on! < today,
    };
    const sent = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(loans)
        .set({ reminded_at: now })
        .where(and(eq(loans.id, loan.id), isNull(loans.returned_on), notRemindedSince))
        .returning({ id: loans.id });
      if (!claimed) return false;
      const subject = reminderSubject(reminder);
      const text = reminderText(reminder);
      await enqueueMessage(
        tx,
        whatsapp
          ? {
              channel: 'whatsapp',
              to: loan.phone,
              subject,
              text,
              template: {
                name: ctx.config.WHATSAPP_LOAN_TEMPLATE,
                language: reminder.lng,
                parameters: [reminder.name, reminder.title, reminder.library, day(reminder.dueOn)],
              },
            }
          : { channel: 'email', to: loan.email!, subject, text },
      );
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/**
 * Queues the next run LOAN_REMINDER_SECONDS from now, unless one is waiting (its singleton key
 * names the interval, as the interests digest's does). Called when a copy starts and by each run.
 */
export async function scheduleLoanReminders(ctx: AppContext): Promise<void> {
  const seconds = ctx.config.LOAN_REMINDER_SECONDS;
  await ctx.jobs.send('loanReminders', {}, { singletonKey: `every-${seconds}s`, startAfterSeconds: seconds }).catch(() => undefined);
}
