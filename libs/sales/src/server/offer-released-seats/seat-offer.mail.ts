import { renderHtmlMail } from '@ticketing/mail';

/** What the offer e-mail tells a subscriber. */
export interface SeatOffer {
  /** One of the event's content languages; texts exist in en, it, de and fr, English otherwise. */
  readonly language: string;
  readonly firstName: string;
  readonly eventTitle: string;
  /** Who sells: named above the title, and where replies go. */
  readonly organizer: { readonly name: string; readonly email: string } | null;
  readonly bookingLink: string;
  readonly validUntil: Date;
  /** The event's time zone: the deadline is written in it. */
  readonly timeZone: string;
}

interface Texts {
  subject(title: string): string;
  greeting(name: string): string;
  available(title: string): string;
  /** Before the link in the text part. */
  completeHere: string;
  held(until: string): string;
  // the HTML part only
  button: string;
  linkNote: string;
  replies(organizer: string): string;
}

const texts: Record<string, Texts> = {
  en: {
    subject: (title) => `A ticket for ${title} is reserved for you`,
    greeting: (name) => `Hello ${name},`,
    available: (title) => `a ticket for ${title} has become available and we have reserved it for you.`,
    completeHere: 'Complete your booking here:',
    held: (until) => `The reservation is held until ${until}; after that the ticket goes to the next person waiting.`,
    button: 'Complete your booking',
    linkNote: 'If the button does not work, open this address:',
    replies: (organizer) => `Questions? Reply to this e-mail to reach ${organizer}.`,
  },
  it: {
    subject: (title) => `Un biglietto per ${title} è riservato per te`,
    greeting: (name) => `Ciao ${name},`,
    available: (title) => `si è liberato un biglietto per ${title} e lo abbiamo riservato per te.`,
    completeHere: 'Completa la prenotazione qui:',
    held: (until) => `La prenotazione scade ${until}; poi il biglietto passa alla persona successiva in lista d’attesa.`,
    button: 'Completa la prenotazione',
    linkNote: 'Se il pulsante non funziona, apri questo indirizzo:',
    replies: (organizer) => `Domande? Rispondi a questa e-mail per scrivere a ${organizer}.`,
  },
  de: {
    subject: (title) => `Ein Ticket für ${title} ist für Sie reserviert`,
    greeting: (name) => `Hallo ${name},`,
    available: (title) => `für ${title} ist ein Ticket frei geworden, und wir haben es für Sie reserviert.`,
    completeHere: 'Schließen Sie Ihre Buchung hier ab:',
    held: (until) => `Die Reservierung gilt bis ${until}; danach geht das Ticket an die nächste Person auf der Warteliste.`,
    button: 'Buchung abschließen',
    linkNote: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
    replies: (organizer) => `Fragen? Antworten Sie auf diese E-Mail, um ${organizer} zu erreichen.`,
  },
  fr: {
    subject: (title) => `Un billet pour ${title} vous est réservé`,
    greeting: (name) => `Bonjour ${name},`,
    available: (title) => `un billet pour ${title} s’est libéré et nous l’avons réservé pour vous.`,
    completeHere: 'Finalisez votre réservation ici :',
    held: (until) => `La réservation expire le ${until} ; ensuite, le billet passe à la personne suivante sur la liste d’attente.`,
    button: 'Finaliser la réservation',
    linkNote: 'Si le bouton ne fonctionne pas, ouvrez cette adresse :',
    replies: (organizer) => `Des questions ? Répondez à cet e-mail pour joindre ${organizer}.`,
  },
};

/** Subject, plain-text and HTML bodies of the e-mail that offers a reserved seat, in the subscriber's language. */
export function seatOfferMail(offer: SeatOffer): { subject: string; text: string; html: string; replyTo: string | undefined } {
  const language = offer.language.split('-')[0]!.toLowerCase();
  const t = texts[language] ?? texts['en']!;
  const until = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: offer.timeZone,
    timeZoneName: 'short',
  }).format(offer.validUntil);
  const greeting = t.greeting(offer.firstName);
  const available = t.available(offer.eventTitle);
  const held = t.held(until);
  const subject = t.subject(offer.eventTitle);
  const text = `${[greeting, available, `${t.completeHere}\n${offer.bookingLink}`, held].join('\n\n')}\n`;
  const html = renderHtmlMail({
    language,
    title: subject,
    preheader: available,
    organizer: offer.organizer?.name ?? null,
    heading: offer.eventTitle,
    blocks: [
      { kind: 'paragraph', text: greeting },
      { kind: 'paragraph', text: available },
      { kind: 'button', label: t.button, href: offer.bookingLink },
      { kind: 'paragraph', text: held },
      { kind: 'note', text: `${t.linkNote}\n${offer.bookingLink}` },
    ],
    footer: offer.organizer ? t.replies(offer.organizer.name) : null,
  });
  return { subject, text, html, replyTo: offer.organizer?.email || undefined };
}
