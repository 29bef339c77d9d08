/** What the reservation e-mail tells the buyer: the order, and how to pay it when a transfer is awaited. */
export interface ReservationMailFacts {
  /** One of the event's content languages; texts exist in en, it, de and fr, English otherwise. */
  readonly language: string;
  readonly firstName: string;
  readonly eventTitle: string;
  readonly shortId: string;
  /** "2 x Standard, 1 x Workshop" with the total. */
  readonly summary: string;
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
  },
};

/** Subject and plain-text body of the reservation e-mail, in the buyer's language. */
export function reservationMail(facts: ReservationMailFacts): { subject: string; text: string } {
  const language = facts.language.split('-')[0]!.toLowerCase();
  const t = texts[language] ?? texts['en']!;
  const { transfer } = facts;
  // a deferred order is confirmed (its tickets issued): it reads as a confirmation that also says how to pay
  const awaiting = transfer !== null && !transfer.deferred;
  const paragraphs = [
    t.greeting(facts.firstName),
    awaiting ? t.awaiting(facts.eventTitle) : t.confirmed(facts.eventTitle),
    t.order(facts.shortId, facts.summary, facts.total),
  ];
  if (transfer) {
    const until = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: facts.timeZone }).format(transfer.deadline);
    const instructions = transfer.deferred ? t.deferredTransfer : t.transfer;
    paragraphs.push(instructions(transfer.bankAccount, transfer.owner, facts.shortId, facts.total, until));
  }
  if (facts.payAtDesk) paragraphs.push(t.desk);
  paragraphs.push(t.link(facts.link));
  return { subject: t.subject(facts.eventTitle, facts.shortId, awaiting), text: `${paragraphs.join('\n\n')}\n` };
}
