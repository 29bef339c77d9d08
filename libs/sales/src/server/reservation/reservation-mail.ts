import { renderHtmlMail, type MailBlock } from '@ticketing/mail';

/** One line of the order: "2 x Standard   CHF 180.00". */
export interface ReservationMailLine {
  readonly quantity: number;
  readonly name: string;
  /** With its currency. */
  readonly subTotal: string;
}

/** What the reservation e-mail tells the buyer: the order, and how to pay it when a transfer is awaited. */
export interface ReservationMailFacts {
  /** One of the event's content languages; texts exist in en, it, de and fr, English otherwise. */
  readonly language: string;
  readonly firstName: string;
  readonly eventTitle: string;
  /** Who sells: named above the title, and where replies go. */
  readonly organizer: { readonly name: string; readonly email: string } | null;
  readonly shortId: string;
  readonly lines: readonly ReservationMailLine[];
  /** With its currency. */
  readonly total: string;
  readonly link: string;
  readonly timeZone: string;
  /**
   * Present while a bank transfer is awaited, or due on a deferred order (`deferred`: the order is confirmed and
   * its tickets issued already; the money is due by the deadline, the event's begin).
   */
  readonly transfer: { readonly bankAccount: string; readonly owner: string; readonly deadline: Date; readonly deferred: boolean } | null;
  /** ON_SITE: the tickets are paid at the desk. */
  readonly payAtDesk: boolean;
}

interface Texts {
  subject(title: string, id: string, transfer: boolean): string;
  greeting(name: string): string;
  confirmed(title: string): string;
  awaiting(title: string): string;
  order(id: string, summary: string, total: string): string;
  transfer(account: string, owner: string, reason: string, total: string, until: string): string;
  /** A deferred transfer: the same instructions, but nothing is cancelled at the deadline. */
  deferredTransfer(account: string, owner: string, reason: string, total: string, until: string): string;
  desk: string;
  link(link: string): string;
  // the HTML part only
  button: string;
  /** Before the address spelled out, for clients that hide the button. */
  linkNote: string;
  reservation(id: string): string;
  columns: readonly [quantity: string, item: string, amount: string];
  totalLabel: string;
  replies(organizer: string): string;
}

const texts: Record<string, Texts> = {
  en: {
    subject: (title, id, transfer) => (transfer ? `Payment instructions for your reservation ${id} – ${title}` : `Your tickets for ${title} – reservation ${id}`),
    greeting: (name) => `Hello ${name},`,
    confirmed: (title) => `thank you: your reservation for ${title} is confirmed.`,
    awaiting: (title) => `thank you for your reservation for ${title}. It will be confirmed as soon as we receive your bank transfer.`,
    order: (id, summary, total) => `Reservation ${id}\n${summary}\nTotal: ${total}`,
    transfer: (account, owner, reason, total, until) =>
      `Please transfer ${total} to:\n${account}\n${owner}\nPayment reason: ${reason}\nThe payment must reach us by ${until}; after that the reservation is cancelled.`,
    deferredTransfer: (account, owner, reason, total, until) =>
      `Your tickets are issued; the payment is still due. Please transfer ${total} to:\n${account}\n${owner}\nPayment reason: ${reason}\nThe payment must reach us before the event begins, by ${until}.`,
    desk: 'Please pay at the desk when you arrive.',
    link: (link) => `Your reservation and tickets: ${link}`,
    button: 'View your reservation',
    linkNote: 'If the button does not work, open this address:',
    reservation: (id) => `Reservation ${id}`,
    columns: ['Qty', 'Item', 'Amount'],
    totalLabel: 'Total',
    replies: (organizer) => `Questions? Reply to this e-mail to reach ${organizer}.`,
  },
  it: {
    subject: (title, id, transfer) => (transfer ? `Istruzioni di pagamento per la prenotazione ${id} – ${title}` : `I tuoi biglietti per ${title} – prenotazione ${id}`),
    greeting: (name) => `Ciao ${name},`,
    confirmed: (title) => `grazie: la tua prenotazione per ${title} è confermata.`,
    awaiting: (title) => `grazie per la prenotazione per ${title}. Sarà confermata appena riceveremo il tuo bonifico.`,
    order: (id, summary, total) => `Prenotazione ${id}\n${summary}\nTotale: ${total}`,
    transfer: (account, owner, reason, total, until) =>
      `Trasferisci ${total} a:\n${account}\n${owner}\nCausale: ${reason}\nIl pagamento deve arrivarci entro ${until}; dopo, la prenotazione è annullata.`,
    deferredTransfer: (account, owner, reason, total, until) =>
      `I tuoi biglietti sono emessi; il pagamento è ancora dovuto. Trasferisci ${total} a:\n${account}\n${owner}\nCausale: ${reason}\nIl pagamento deve arrivarci prima dell’inizio dell’evento, entro ${until}.`,
    desk: 'Paga alla cassa al tuo arrivo.',
    link: (link) => `La tua prenotazione e i biglietti: ${link}`,
    button: 'Vedi la prenotazione',
    linkNote: 'Se il pulsante non funziona, apri questo indirizzo:',
    reservation: (id) => `Prenotazione ${id}`,
    columns: ['Qtà', 'Articolo', 'Importo'],
    totalLabel: 'Totale',
    replies: (organizer) => `Domande? Rispondi a questa e-mail per scrivere a ${organizer}.`,
  },
  de: {
    subject: (title, id, transfer) => (transfer ? `Zahlungsinformationen zu Ihrer Reservierung ${id} – ${title}` : `Ihre Tickets für ${title} – Reservierung ${id}`),
    greeting: (name) => `Hallo ${name},`,
    confirmed: (title) => `vielen Dank: Ihre Reservierung für ${title} ist bestätigt.`,
    awaiting: (title) => `vielen Dank für Ihre Reservierung für ${title}. Sie wird bestätigt, sobald Ihre Überweisung eingegangen ist.`,
    order: (id, summary, total) => `Reservierung ${id}\n${summary}\nTotal: ${total}`,
    transfer: (account, owner, reason, total, until) =>
      `Bitte überweisen Sie ${total} an:\n${account}\n${owner}\nZahlungszweck: ${reason}\nDie Zahlung muss bis ${until} eingehen; danach wird die Reservierung storniert.`,
    deferredTransfer: (account, owner, reason, total, until) =>
      `Ihre Tickets sind ausgestellt; die Zahlung steht noch aus. Bitte überweisen Sie ${total} an:\n${account}\n${owner}\nZahlungszweck: ${reason}\nDie Zahlung muss vor Beginn der Veranstaltung eingehen, bis ${until}.`,
    desk: 'Bitte bezahlen Sie bei Ihrer Ankunft an der Kasse.',
    link: (link) => `Ihre Reservierung und Tickets: ${link}`,
    button: 'Reservierung ansehen',
    linkNote: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
    reservation: (id) => `Reservierung ${id}`,
    columns: ['Anz.', 'Artikel', 'Betrag'],
    totalLabel: 'Total',
    replies: (organizer) => `Fragen? Antworten Sie auf diese E-Mail, um ${organizer} zu erreichen.`,
  },
  fr: {
    subject: (title, id, transfer) => (transfer ? `Instructions de paiement pour votre réservation ${id} – ${title}` : `Vos billets pour ${title} – réservation ${id}`),
    greeting: (name) => `Bonjour ${name},`,
    confirmed: (title) => `merci : votre réservation pour ${title} est confirmée.`,
    awaiting: (title) => `merci pour votre réservation pour ${title}. Elle sera confirmée dès réception de votre virement.`,
    order: (id, summary, total) => `Réservation ${id}\n${summary}\nTotal : ${total}`,
    transfer: (account, owner, reason, total, until) =>
      `Veuillez virer ${total} à :\n${account}\n${owner}\nMotif du paiement : ${reason}\nLe paiement doit nous parvenir avant le ${until} ; ensuite, la réservation est annulée.`,
    deferredTransfer: (account, owner, reason, total, until) =>
      `Vos billets sont émis ; le paiement reste dû. Veuillez virer ${total} à :\n${account}\n${owner}\nMotif du paiement : ${reason}\nLe paiement doit nous parvenir avant le début de l’événement, le ${until} au plus tard.`,
    desk: 'Veuillez payer à la caisse à votre arrivée.',
    link: (link) => `Votre réservation et vos billets : ${link}`,
    button: 'Voir votre réservation',
    linkNote: 'Si le bouton ne fonctionne pas, ouvrez cette adresse :',
    reservation: (id) => `Réservation ${id}`,
    columns: ['Qté', 'Article', 'Montant'],
    totalLabel: 'Total',
    replies: (organizer) => `Des questions ? Répondez à cet e-mail pour joindre ${organizer}.`,
  },
};

export interface ReservationMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The organizer's address, when known. */
  readonly replyTo: string | undefined;
}

/** Subject, plain-text and HTML bodies of the reservation e-mail, in the buyer's language. */
export function reservationMail(facts: ReservationMailFacts): ReservationMail {
  const language = facts.language.split('-')[0]!.toLowerCase();
  const t = texts[language] ?? texts['en']!;
  const { transfer } = facts;
  // a deferred order is confirmed (its tickets issued): it reads as a confirmation that also says how to pay
  const awaiting = transfer !== null && !transfer.deferred;
  const greeting = t.greeting(facts.firstName);
  const lead = awaiting ? t.awaiting(facts.eventTitle) : t.confirmed(facts.eventTitle);
  const summary = facts.lines.map((line) => `${line.quantity} x ${line.name}  ${line.subTotal}`).join('\n');
  let instructions: string | null = null;
  if (transfer) {
    const until = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: facts.timeZone }).format(transfer.deadline);
    instructions = (transfer.deferred ? t.deferredTransfer : t.transfer)(transfer.bankAccount, transfer.owner, facts.shortId, facts.total, until);
  }
  const paragraphs = [greeting, lead, t.order(facts.shortId, summary, facts.total)];
  if (instructions !== null) paragraphs.push(instructions);
  if (facts.payAtDesk) paragraphs.push(t.desk);
  paragraphs.push(t.link(facts.link));

  const subject = t.subject(facts.eventTitle, facts.shortId, awaiting);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: greeting },
    { kind: 'paragraph', text: lead },
    {
      kind: 'table',
      caption: t.reservation(facts.shortId),
      columns: [{ label: t.columns[0], align: 'right' }, { label: t.columns[1] }, { label: t.columns[2], align: 'right' }],
      rows: facts.lines.map((line) => [String(line.quantity), line.name, line.subTotal]),
      total: ['', t.totalLabel, facts.total],
    },
  ];
  if (instructions !== null) blocks.push({ kind: 'box', title: null, lines: instructions.split('\n') });
  if (facts.payAtDesk) blocks.push({ kind: 'paragraph', text: t.desk });
  blocks.push({ kind: 'button', label: t.button, href: facts.link }, { kind: 'note', text: `${t.linkNote}\n${facts.link}` });
  const html = renderHtmlMail({
    language,
    title: subject,
    preheader: lead,
    organizer: facts.organizer?.name ?? null,
    heading: facts.eventTitle,
    blocks,
    footer: facts.organizer ? t.replies(facts.organizer.name) : null,
  });
  return { subject, text: `${paragraphs.join('\n\n')}\n`, html, replyTo: facts.organizer?.email || undefined };
}
