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
  /**
   * The VAT line, as the order's summary shows it (null when it shows none: free, or VAT not displayed): its rate
   * ("22"), its amount with the currency, and whether the prices include it (else it is added to the lines).
   */
  readonly vat: { readonly rate: string; readonly amount: string; readonly included: boolean } | null;
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
  /**
   * A pass's order: it speaks of the subscription, not of tickets; once the pass is issued (`id`), with its owner,
   * its ID and its PIN (null when the organizer does not show PINs).
   */
  readonly pass?: { readonly id: string | null; readonly owner: string; readonly pin: string | null } | null;
}

/** A pass's own words (the order's e-mail of a pass, and the e-mail to its owner). */
interface PassTexts {
  subject(title: string, id: string): string;
  link(link: string): string;
  button: string;
  owner(name: string): string;
  id(id: string): string;
  pin(pin: string): string;
  use: string;
  /** The same when the organizer shows no PINs: the ID alone. */
  useId: string;
  /** To the owner named by another buyer. */
  givenBy(buyer: string, title: string): string;
  ownerSubject(title: string): string;
}

const passTexts: Record<string, PassTexts> = {
  en: {
    subject: (title, id) => `Your subscription ${title} – reservation ${id}`,
    link: (link) => `Your subscription: ${link}`,
    button: 'View your subscription',
    owner: (name) => `Subscription owner: ${name}`,
    id: (id) => `Subscription ID: ${id}`,
    pin: (pin) => `PIN: ${pin}`,
    use: 'Give the PIN or the ID when you book tickets for an event the subscription covers.',
    useId: 'Give the ID when you book tickets for an event the subscription covers.',
    givenBy: (buyer, title) => `${buyer} bought the subscription ${title} for you.`,
    ownerSubject: (title) => `Your subscription ${title}`,
  },
  it: {
    subject: (title, id) => `Il tuo abbonamento ${title} – prenotazione ${id}`,
    link: (link) => `Il tuo abbonamento: ${link}`,
    button: 'Vedi l’abbonamento',
    owner: (name) => `Titolare dell’abbonamento: ${name}`,
    id: (id) => `ID abbonamento: ${id}`,
    pin: (pin) => `PIN: ${pin}`,
    use: 'Indica il PIN o l’ID quando prenoti i biglietti per un evento incluso nell’abbonamento.',
    useId: 'Indica l’ID quando prenoti i biglietti per un evento incluso nell’abbonamento.',
    givenBy: (buyer, title) => `${buyer} ha acquistato per te l’abbonamento ${title}.`,
    ownerSubject: (title) => `Il tuo abbonamento ${title}`,
  },
  de: {
    subject: (title, id) => `Ihr Abonnement ${title} – Reservierung ${id}`,
    link: (link) => `Ihr Abonnement: ${link}`,
    button: 'Abonnement ansehen',
    owner: (name) => `Inhaber des Abonnements: ${name}`,
    id: (id) => `Abonnement-ID: ${id}`,
    pin: (pin) => `PIN: ${pin}`,
    use: 'Geben Sie die PIN oder die ID an, wenn Sie Tickets für eine Veranstaltung buchen, für die das Abonnement gilt.',
    useId: 'Geben Sie die ID an, wenn Sie Tickets für eine Veranstaltung buchen, für die das Abonnement gilt.',
    givenBy: (buyer, title) => `${buyer} hat das Abonnement ${title} für Sie gekauft.`,
    ownerSubject: (title) => `Ihr Abonnement ${title}`,
  },
  fr: {
    subject: (title, id) => `Votre abonnement ${title} – réservation ${id}`,
    link: (link) => `Votre abonnement : ${link}`,
    button: 'Voir votre abonnement',
    owner: (name) => `Titulaire de l’abonnement : ${name}`,
    id: (id) => `ID de l’abonnement : ${id}`,
    pin: (pin) => `PIN : ${pin}`,
    use: 'Indiquez le PIN ou l’ID lorsque vous réservez des billets pour un événement couvert par l’abonnement.',
    useId: 'Indiquez l’ID lorsque vous réservez des billets pour un événement couvert par l’abonnement.',
    givenBy: (buyer, title) => `${buyer} a acheté pour vous l’abonnement ${title}.`,
    ownerSubject: (title) => `Votre abonnement ${title}`,
  },
};

/** The lines that name an issued pass: its owner, its ID, its PIN when shown, and how to use them. */
function passLines(p: PassTexts, pass: { readonly id: string; readonly owner: string; readonly pin: string | null }): string[] {
  return [p.owner(pass.owner), p.id(pass.id), ...(pass.pin ? [p.pin(pass.pin), p.use] : [p.useId])];
}

interface Texts {
  subject(title: string, id: string, transfer: boolean): string;
  greeting(name: string): string;
  confirmed(title: string): string;
  awaiting(title: string): string;
  order(id: string, summary: string, total: string): string;
  /** The VAT line's label: "VAT 22%", or "incl. VAT 22%" when the prices include it. */
  vat(rate: string, included: boolean): string;
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
    vat: (rate, included) => `${included ? 'incl. ' : ''}VAT ${rate}%`,
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
    vat: (rate, included) => `${included ? 'di cui ' : ''}IVA ${rate}%`,
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
    vat: (rate, included) => `${included ? 'inkl. ' : ''}MwSt. ${rate} %`,
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
    vat: (rate, included) => `${included ? 'dont ' : ''}TVA ${rate} %`,
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
  const vatLabel = facts.vat ? t.vat(facts.vat.rate, facts.vat.included) : null;
  const summary = [...facts.lines.map((line) => `${line.quantity} x ${line.name}  ${line.subTotal}`), ...(facts.vat ? [`${vatLabel}  ${facts.vat.amount}`] : [])].join('\n');
  let instructions: string | null = null;
  if (transfer) {
    // an instant the buyer acts on, wherever they are: its zone named, as the waiting room and the event page name it
    const until = `${new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: facts.timeZone }).format(transfer.deadline)} (${facts.timeZone})`;
    instructions = (transfer.deferred ? t.deferredTransfer : t.transfer)(transfer.bankAccount, transfer.owner, facts.shortId, facts.total, until);
  }
  const p = facts.pass ? (passTexts[language] ?? passTexts['en']!) : null;
  const issuedPass = facts.pass?.id ? passLines(p!, { ...facts.pass, id: facts.pass.id }) : null;
  const paragraphs = [greeting, lead, t.order(facts.shortId, summary, facts.total)];
  if (issuedPass) paragraphs.push(issuedPass.join('\n'));
  if (instructions !== null) paragraphs.push(instructions);
  if (facts.payAtDesk) paragraphs.push(t.desk);
  paragraphs.push(p ? p.link(facts.link) : t.link(facts.link));

  const subject = p && !awaiting ? p.subject(facts.eventTitle, facts.shortId) : t.subject(facts.eventTitle, facts.shortId, awaiting);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: greeting },
    { kind: 'paragraph', text: lead },
    {
      kind: 'table',
      caption: t.reservation(facts.shortId),
      columns: [{ label: t.columns[0], align: 'right' }, { label: t.columns[1] }, { label: t.columns[2], align: 'right' }],
      rows: [...facts.lines.map((line) => [String(line.quantity), line.name, line.subTotal]), ...(facts.vat ? [['', vatLabel!, facts.vat.amount]] : [])],
      total: ['', t.totalLabel, facts.total],
    },
  ];
  if (issuedPass) blocks.push({ kind: 'box', title: null, lines: issuedPass });
  if (instructions !== null) blocks.push({ kind: 'box', title: null, lines: instructions.split('\n') });
  if (facts.payAtDesk) blocks.push({ kind: 'paragraph', text: t.desk });
  blocks.push({ kind: 'button', label: p ? p.button : t.button, href: facts.link }, { kind: 'note', text: `${t.linkNote}\n${facts.link}` });
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

/** What the e-mail to a pass's owner, named by another buyer, says: who gave it, and the pass (it has no link: the order's page is the buyer's). */
export interface PassOwnerMailFacts {
  readonly language: string;
  readonly ownerFirstName: string;
  readonly buyer: string;
  readonly title: string;
  readonly organizer: { readonly name: string; readonly email: string } | null;
  readonly pass: { readonly id: string; readonly owner: string; readonly pin: string | null };
}

/** The e-mail to a pass's owner when someone else bought it for them: the only way they learn its PIN and ID. */
export function passOwnerMail(facts: PassOwnerMailFacts): ReservationMail {
  const language = facts.language.split('-')[0]!.toLowerCase();
  const t = texts[language] ?? texts['en']!;
  const p = passTexts[language] ?? passTexts['en']!;
  const greeting = t.greeting(facts.ownerFirstName);
  const lead = p.givenBy(facts.buyer, facts.title);
  const lines = passLines(p, facts.pass);
  const subject = p.ownerSubject(facts.title);
  const html = renderHtmlMail({
    language,
    title: subject,
    preheader: lead,
    organizer: facts.organizer?.name ?? null,
    heading: facts.title,
    blocks: [
      { kind: 'paragraph', text: greeting },
      { kind: 'paragraph', text: lead },
      { kind: 'box', title: null, lines },
    ],
    footer: facts.organizer ? t.replies(facts.organizer.name) : null,
  });
  return { subject, text: `${[greeting, lead, lines.join('\n')].join('\n\n')}\n`, html, replyTo: facts.organizer?.email || undefined };
}
