// The mail of access reviews: a reviewer is told what to review and by when, reminded of what is
// left, and the owners get the summary when a review ends. Every value a person wrote (the review's
// and the organization's names) is escaped in the HTML and kept on one line in the text.
import { escapeHtml } from './escape-html';

const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
const formatDate = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function page(subject: string, paragraphs: string[], button: { label: string; link: string }, after: string[] = []) {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;line-height:1.5">
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p><a href="${e(button.link)}" style="display:inline-block;background:#047857;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none">${e(button.label)}</a></p>
${after.map((p) => `<p style="color:#52525b;font-size:14px">${p}</p>`).join('\n')}
<p style="color:#52525b;font-size:14px">If the button does not work, open this address: ${e(button.link)}</p>
</body></html>`;
}

export interface ReviewerMailInput {
  reviewerName: string;
  organization: string;
  reviewName: string;
  /** Items waiting for this reviewer. */
  count: number;
  dueAt: string;
  defaultDecision: 'keep' | 'remove';
  /** The reviewer's to-review list in the console. */
  link: string;
}

const defaultWords = (d: 'keep' | 'remove') => (d === 'remove' ? 'removed' : 'kept');

/** A review started (or an item was handed over): what, how many, by when, where. */
export function reviewAssignedMail(input: ReviewerMailInput) {
  const org = oneLine(input.organization);
  const review = oneLine(input.reviewName);
  const what = plural(input.count, 'access to review', 'accesses to review');
  const due = formatDate(input.dueAt);
  const subject = `Arbor: ${what} in ${org} by ${due}`.slice(0, 200);
  const lead = (r: string, o: string) => `You have ${what} in ${o}'s access review ${r}: for each, decide whether the person or key still needs it.`;
  const deadline = `Please decide by ${due}. Anything undecided then will be ${defaultWords(input.defaultDecision)}.`;
  const e = escapeHtml;
  return {
    subject,
    text: [`Hello ${oneLine(input.reviewerName)},`, '', lead(`"${review}"`, org), deadline, '', 'Open your list:', input.link].join('\n'),
    html: page(subject, [`Hello ${e(oneLine(input.reviewerName))},`, lead(`<strong>${e(review)}</strong>`, e(org)), e(deadline)], { label: 'Open my list', link: input.link }),
  };
}

/** Before the deadline: what is left. Sent only to reviewers with something left. */
export function reviewReminderMail(input: ReviewerMailInput) {
  const org = oneLine(input.organization);
  const review = oneLine(input.reviewName);
  const left = plural(input.count, 'item');
  const due = formatDate(input.dueAt);
  const subject = `Reminder: ${left} left to review in ${org} by ${due}`.slice(0, 200);
  const lead = (r: string) => `${left} of the access review ${r} still wait for your decision.`;
  const deadline = `The review ends ${due}. Anything undecided then will be ${defaultWords(input.defaultDecision)}.`;
  const e = escapeHtml;
  return {
    subject,
    text: [`Hello ${oneLine(input.reviewerName)},`, '', lead(`"${review}"`), deadline, '', 'Open your list:', input.link].join('\n'),
    html: page(subject, [`Hello ${e(oneLine(input.reviewerName))},`, lead(`<strong>${e(review)}</strong>`), e(deadline)], { label: 'Open my list', link: input.link }),
  };
}

export interface ReviewSummaryMailInput {
  ownerName: string;
  organization: string;
  reviewName: string;
  /** 'deadline', or who completed it early. */
  completedBy: string;
  counts: { items: number; decided: number; keep: number; remove: number; removed: number; notRemoved: number };
  /** The review's page in the console (evidence is exported from there). */
  link: string;
}

/** The owners' summary when a review ends: counts, what was removed, what could not be. */
export function reviewCompletedMail(input: ReviewSummaryMailInput) {
  const org = oneLine(input.organization);
  const review = oneLine(input.reviewName);
  const c = input.counts;
  const subject = `Arbor: the access review "${review}" of ${org} is complete`.slice(0, 200);
  const how = input.completedBy === 'deadline' ? 'reached its deadline' : `was completed by ${oneLine(input.completedBy)}`;
  const lines = [
    `Items reviewed: ${c.items} (${c.decided} decided by a reviewer)`,
    `Kept: ${c.keep}`,
    `Removed: ${c.removed}`,
    ...(c.notRemoved > 0 ? [`Not removed (changed since the review started, or failed): ${c.notRemoved}`] : []),
  ];
  const e = escapeHtml;
  return {
    subject,
    text: [`Hello ${oneLine(input.ownerName)},`, '', `The access review "${review}" of ${org} ${how}.`, '', ...lines, '', 'The review, its outcomes and its evidence (CSV, PDF):', input.link].join('\n'),
    html: page(
      subject,
      [`Hello ${e(oneLine(input.ownerName))},`, `The access review <strong>${e(review)}</strong> of ${e(org)} ${e(how)}.`, lines.map(e).join('<br>')],
      { label: 'See the review and its evidence', link: input.link },
      c.notRemoved > 0 ? ['Some removals were not applied: the review page says why for each.'] : [],
    ),
  };
}

/** The clock paused a schedule: its creator can no longer start reviews. */
export function reviewSchedulePausedMail(input: { ownerName: string; organization: string; scheduleName: string; reason: string; link: string }) {
  const org = oneLine(input.organization);
  const name = oneLine(input.scheduleName);
  const subject = `Arbor: the scheduled access review "${name}" of ${org} is paused`.slice(0, 200);
  const lead = (n: string) => `The scheduled access review ${n} did not start and is paused.`;
  const e = escapeHtml;
  return {
    subject,
    text: [`Hello ${oneLine(input.ownerName)},`, '', lead(`"${name}"`), oneLine(input.reason), '', 'Review schedules:', input.link].join('\n'),
    html: page(subject, [`Hello ${e(oneLine(input.ownerName))},`, lead(`<strong>${e(name)}</strong>`), e(oneLine(input.reason))], { label: 'Open review schedules', link: input.link }),
  };
}
